# questmud: `make play` and `make test` do all the set-up on a machine with only python3.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-fast test-slow store-sql messages bench bench-scale bench-tui bench-telnet bench-nodes bench-world bench-evening login-storm demo clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,scale]'
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/mud play

# Two lanes: the fast one (every behaviour, a few minutes) while you work; the slow one (the long seed
# sweeps marked `slow`: thousands of bot games per game, 200-seed properties). `make test` runs both.
# `--dist worksteal`: a worker that runs dry takes tests still queued behind a long one on the other
# worker (with the default `load`, the last sweeps or a stuck engines test left one core idle for minutes).
test: test-fast test-slow

test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not slow and not engines"

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "slow or engines"

# the store's SQL text (mud/store/sql.py), generated from its SQLAlchemy Core statements (mud/store/statements.py);
# run after changing a statement or adding a migration (tests/mud/test_store_sql.py says when it is stale)
store-sql: $(VENV)/.installed
	$(BIN)/python -m mud.store.statements

# the messages' catalogues (docs/i18n.md), one domain per folder (folder:domain): each domain's _(...) and
# _.plural(...) extracted (Babel), its .po per language updated (new ones started), then compiled to the .mo
# files that are committed (playing reads them with the standard gettext: nothing to build);
# tests/games/words/test_catalogues.py says when a .mo is stale. A game converted adds its folder here.
# A folder's babel.cfg, when it has one, says which of its files to read (games/: the engine's own, not the games').
DOMAINS := mud:mud games:engine tests/toygame:toy games/tenx:tenx games/dungeon_chess:dungeon_chess games/quest:quest games/legend:legend games/quantum:quantum
TRANSLATED := it
messages: $(VENV)/.installed-test
	@set -e; for pair in $(DOMAINS); do \
	  dir=$${pair%%:*}; domain=$${pair##*:}; pot=$$(mktemp); \
	  map=; if [ -f $$dir/babel.cfg ]; then map="-F $$dir/babel.cfg"; fi; \
	  $(BIN)/pybabel -q extract --no-location --sort-output --no-wrap --omit-header -k _ -k plural:1,2 \
	    --add-comments=TRANSLATORS: $$map -o $$pot $$dir; \
	  for lang in $(TRANSLATED); do \
	    po=$$dir/locale/$$lang/LC_MESSAGES/$$domain.po; \
	    if [ -f $$po ]; then $(BIN)/pybabel -q update --no-wrap --ignore-obsolete --ignore-pot-creation-date \
	        -N -D $$domain -l $$lang -i $$pot -d $$dir/locale; \
	    else $(BIN)/pybabel -q init --no-wrap -D $$domain -l $$lang -i $$pot -d $$dir/locale; fi; \
	  done; rm -f $$pot; \
	  $(BIN)/pybabel -q compile -D $$domain -d $$dir/locale; \
	done

demo: $(VENV)/.installed
	$(BIN)/mud run examples/quest-demo.mud --seed 1

bench: $(VENV)/.installed
	$(BIN)/python bench/quest_games.py
	$(BIN)/python bench/tenx_games.py
	$(BIN)/python bench/chess_games.py
	$(BIN)/python bench/legend_games.py
	$(BIN)/python bench/quantum_games.py
	$(BIN)/python bench/run_commands.py
	$(BIN)/python bench/tui_start.py
	$(BIN)/python bench/bot_moves.py
	$(BIN)/python bench/attack.py --seconds 5
	$(MAKE) --no-print-directory bench-scale
	$(MAKE) --no-print-directory bench-tui
	$(MAKE) --no-print-directory bench-telnet
	$(MAKE) --no-print-directory bench-nodes
	$(MAKE) --no-print-directory bench-world
	$(MAKE) --no-print-directory login-storm

# issue 44: a busy evening -- K tables of the five games at a person's pace over telnet (GMCP), SSH full-screen
# and browser sessions, with talk, walkers and watchers; K ramps until p99 > 100 ms (bench/evening.py;
# docs/performance.md, "A busy evening"). NODES=2: two nodes sharing PostgreSQL and Redis on this machine.
NODES ?= 1
bench-evening: $(VENV)/.installed-test
	$(BIN)/python bench/evening.py --nodes $(NODES)

# the server at scale: one table (telnet 100/500/1,000, SSH line 100, SSH TUI 20/50/100)
bench-scale: $(VENV)/.installed
	$(BIN)/python bench/scale.py

# issue 29's full-screen figures: a line of news per TUI and a typed command's own cost (in-process),
# then over SSH: 100 and 200 TUIs with one speaker (a bystander's look), 20 and 2 typing, and 100 TUIs
# typing bench/load.py's way (only looks: the commands' own cost; then its mix: everyone's frames counted)
bench-tui: $(VENV)/.installed
	$(BIN)/python bench/tui_inproc.py --apps 20 --scenario chat --plain-speaker
	$(BIN)/python bench/tui_inproc.py --apps 1 --scenario type --whole-line
	$(BIN)/python bench/tui_lines.py --sessions 100 --seconds 30
	$(BIN)/python bench/tui_lines.py --sessions 200 --seconds 30
	$(BIN)/python bench/tui_lines.py --sessions 20 --typing --seconds 20
	$(BIN)/python bench/tui_lines.py --sessions 2 --typing --interval 0.4 --seconds 30
	$(BIN)/python bench/load.py --telnet 0 --ssh 100 --ssh-tui --interval 2 --seconds 30 --mix look=100
	$(BIN)/python bench/load.py --telnet 0 --ssh 100 --ssh-tui --interval 2 --seconds 30

# issue 30's parts of a world of several nodes: the bus's message (Redis) and the store's move (SQLite, PostgreSQL);
# issue 41's CPU per committed move on both engines (bench/store_moves.py)
bench-nodes: $(VENV)/.installed-test
	$(BIN)/python bench/nodes.py
	$(BIN)/python bench/store_moves.py

# issue 30's world of several nodes under load: 1 node, then 3 (one PostgreSQL, one Redis, all on this
# machine), 60 SSH TUI players dealt over them playing bench/load.py's mix; p50/p99 and each node's CPU
bench-world: $(VENV)/.installed-test
	$(BIN)/python bench/world_nodes.py --nodes 1,3 --players 60 --seconds 20

# issue 29's 2,000 telnet players in one room (90% look, 10% say, a command every 2 s each), then in-process:
# a line said to 2,000 telnet listeners, and a command typed over telnet
bench-telnet: $(VENV)/.installed
	$(BIN)/python bench/load.py --telnet 2000 --mix look=90,say=10 --interval 2 --seconds 30
	$(BIN)/python bench/telnet_fanout.py --listeners 2000 --lines 1000
	$(BIN)/python bench/telnet_fanout.py --listeners 2000 --commands 3000

# issue 29's login storm: 2,000 new accounts over 30 s beside 200 telnet players at play
login-storm: $(VENV)/.installed
	$(BIN)/python bench/login_storm.py --players 200 --storm 2000 --over 30

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
