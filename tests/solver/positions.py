"""Crafted positions for the solver's tests, written in the engine's position notation.

Each has six runs removed (three of spades, three of hearts), so the table and stock hold one spade and
one heart of each rank: 26 cards.
"""

# Ten last cards of which none fits on another (no two ranks one apart), no empty column, no stock:
# nothing can move at all.
NO_MOVE = "2C AsQs|Ks/2sQh|Kh/3sAh|Js/4s2h|Jh/6s3h|9s/8s4h|9h/Ts6h|7s/8hTh|7h/|5s/|5h - ssshhh 500 0"

# As above, but the 4s can go back and forth between the 5s and the 5h: moves exist, none makes progress.
SHUTTLE = "2C AsQs|Ks/2sQh|Kh/3sAh|Js/6s2h|Jh/8s3h|9s/Ts4h|9h/6h|7s/8hTh|7h/|5s/|5h4s - ssshhh 500 0"

# The trap: column 10 is empty and the stock can deal only when every column holds a card. Moving the
# whole run 8s..As into column 10 only empties column 1; splitting the run (As alone into column 10)
# fills every column, and then a deal is allowed.
SPLIT_TO_DEAL = "2C |8s7s6s5s4s3s2sAs/|Ks/|Kh/|Js/|Jh/|9h/|5h/|3h/|Ah/| QsTs9sQhTh8h7h6h4h2h ssshhh 500 0"

# One move turns a card up: the 4s goes onto the 5s and the card under it (face down) turns up.
REVEAL = "2C AsQs|Ks/2sQh|Kh/3sAh|Js/6s2h|Jh/8s3h|9s/Ts4h|9h/6h|7s/8hTh|7h/|5s/5h|4s - ssshhh 500 0"

# The way out is two moves deep: the Js goes onto the Qh, which lays the 6h open, and then the 5s goes onto
# the 6h and turns up the card under it. No other move leads anywhere.
TWO_STEPS = "2C As|5s/|6hJs/Qs|Qh/Ks2s|Ah/4s|3s/6s|3h/8s|7s/Ts|7h/2h4h5h|9s/8hThJhKh|9h - ssshhh 500 0"

# One suit, six runs off, ten cards in the stock. Laying the As on the 2s would remove a seventh run and
# leave three cards on the table: the ten columns could never be filled for the last deal, a lost game.
# Filling the empty columns from the long run first keeps the game winnable.
TOO_FEW_TO_DEAL = "1C |KsQsJsTs9s8s7s6s5s4s3s2s/|As/|9s/|5s/|Js/|/|/|/|/| As2s3s4s6s7s8sTsQsKs ssssss 500 90"
