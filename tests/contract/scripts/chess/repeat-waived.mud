# The repeat rule's waiver, typed by three people: ann's Warrior and ransomed Fighter stand on her
# entry squares, hemmed in by cat's pieces (nobody captures from an entry square); her last free
# Fighter walks a1-a2 three turns running, and on the fourth its only step is a1-a2 again, since
# bob's last character on b1 cannot be captured ("At least one!"): the move is allowed (its event
# says "waived"). On the way bob loses all but one character and ann ransoms a Fighter onto f1.
# Checked by tests/contract/test_coverage.py (paths repeat_waived and fighter_ransomed).
#   mud run tests/contract/scripts/chess/repeat-waived.mud
@game chess
@players ann,bob,cat
@seed 1
@limit off
ann> keep 7
bob> keep 8
cat> keep 4
ann> move d1 c1
bob> move a4 b4
cat> move f9 f6
ann> move c1 b1
bob> move b4 b3
cat> move e10 b7
ann> move b1 b2
bob> move a5 a4
cat> move b7 a7
ann> move b2 a2
bob> move a6 b7
cat> move a7 b6
ann> move f1 g2
bob> move b7 c6
cat> move b6 b5
ann> move e2 e5
bob> move b3 c3
cat> move b5 a4
ann> move e5 e6
bob> move c3 c2
cat> move a4 c6
ann> move g2 h3
bob> move c2 c1
cat> move c6 e6
ann> move h3 h6
bob> move c1 d1
cat> move f10 i7
ann> move a2 a3
bob> move d1 d2
cat> move i7 h6
ann> move a3 a2
bob> move d2 c2
cat> move f6 f3
ann> move a2 a3
bob> move c2 c1
cat> move f3 f2
ann> ransom fighter f1 cat
bob> move c1 d1
cat> move h6 f4
ann> move a3 a2
bob> move d1 c1
cat> move f4 d2
ann> move a2 a1
bob> move c1 c2
cat> move e6 g4
ann> move a1 a2
bob> move c2 c1
cat> move g4 g1
ann> move a2 a1
bob> move c1 b1
cat> move g10 g9
ann> move a1 a2
