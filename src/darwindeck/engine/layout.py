"""The engine's fixed layouts: action ids, the flat state array, the compiled tables' rows.

Everything here is a module-level ``int`` so numba folds it into the compiled code as a constant.

Actions (dense ints, one layout for every game; ``legal_actions`` lists them ascending):

==========  ==========================================================================================
0–51        the card ``c`` (``suit*13 + rank``): play it (play phase), discard it (discard phase), play
            it to the trick (trick phase), choose it to pass (pass phase), lay it away to the crib (crib
            phase), the dealer's discard after taking the turned card (trump phase)
52          DRAW: draw ``count`` cards from the draw phase's source
53          PASS: decline an optional phase (only offered when the phase is not mandatory); in a trump
            phase, decline to choose trump
54–59       betting: CHECK, CALL, BET, RAISE, ALL_IN, FOLD
60–73       BID n = 60 + n (n = 0..13); when the bidding phase allows Nil, BID 0 *is* the Nil bid
            (``is_nil`` is set from this one rule, spec 004)
74–75       CHALLENGE, NO_CHALLENGE (claim phases)
76–114      SET: play ``k`` cards of rank ``r`` at once = 76 + (k−2)·13 + r, k = 2..4; the ``k``
            lowest-id cards of that rank that satisfy the play condition are played
115–122     TARGET p = 115 + p: choose player ``p`` as the target of a ``player_choice`` effect
123–135     CLAIM_RANK r = 123 + r: declare rank ``r`` for the claim being made (claim phase without
            ``sequential_rank``)
136–139     NAME_SUIT s = 136 + s: name suit ``s`` for the card just played (a ``name_suit`` effect);
            in a trump phase, make ``s`` trump (order up the turned card's suit, or name another)
140         KNOCK: end the hand by knocking (knock phase; PASS declines)
141         BLIND_NIL: bid Nil before looking at one's cards (bidding phase; PASS: look at them)
142–401     RUN: meld the run of ``length`` cards from card ``c`` up = 142 + (length − 3)·52 + c
402–403     DOUBLE, REDOUBLE (auction phase; PASS is the auction's pass)
404–438     CONTRACT: bid level ``l`` (1..7) in strain ``s`` (0 ♣, 1 ♦, 2 ♥, 3 ♠, 4 no trump) =
            404 + (l − 1)·5 + s; the contract id ``(l − 1)·5 + s`` orders the bids
439–746     COMBO p = 439 + p: play the combination of primal part ``p`` (``engine.combinations``'
            table of 308) in a climb phase; one with kickers is completed by KICKER actions
747–761     KICKER r = 747 + r: the next kicker of the combination chosen, of climbing rank ``r`` (0 the
            3 … 12 the 2, 13 and 14 the jokers); the engine takes the lowest card ids of each rank
==========  ==========================================================================================

The jokers are card ids 52 (black) and 53 (red): they lie in piles (``PILE_CAP`` 54) but are never
card-id actions (only a climb phase plays them, by COMBO and KICKER).

State: one flat ``int64`` array of ``STATE_SIZE`` cells; the offsets are below (``S_*`` scalars, per-seat
blocks of ``MAX_PLAYERS`` cells, the call and climb's cells (``B_CLIMB``, ``engine.climb``'s ``CL_*``
offsets), then the pile lengths and the piles, each with capacity 54; a pile's top
is its last cell). ``clone`` is ``state.copy()``.
"""

from __future__ import annotations

from darwindeck.genome.phases import MAX_RUN as MAX_RUN
from darwindeck.genome.phases import MAX_SET as MAX_SET
from darwindeck.genome.phases import MIN_RUN as MIN_RUN

MAX_PLAYERS = 8
PILE_CAP = 54  # the 52 cards and two jokers
N_TABLEAU = 5
GENERAL_PILE = 4
FULL_DECK = 52
N_RANKS = 13
N_SUITS = 4
NO_CARD = -1
HAND_NO_TRUMP = -2  # ``S_HAND_TRUMP`` of a hand an auction set to no trump (-1: none chosen yet)

# ---- actions --------------------------------------------------------------------------------------
A_DRAW = 52
A_PASS = 53
A_CHECK = 54
A_CALL = 55
A_BET = 56
A_RAISE = 57
A_ALL_IN = 58
A_FOLD = 59
A_BID0 = 60
MAX_BID = 13
A_CHALLENGE = 74
A_NO_CHALLENGE = 75
A_SET0 = 76
A_TARGET0 = 115
A_CLAIM_RANK0 = A_TARGET0 + MAX_PLAYERS
A_SUIT0 = A_CLAIM_RANK0 + N_RANKS
A_KNOCK = A_SUIT0 + N_SUITS
A_BLIND_NIL = A_KNOCK + 1  # bid blind Nil, before looking at one's cards (PASS: look at them and bid)
A_RUN0 = A_BLIND_NIL + 1  # + (length - MIN_RUN) * FULL_DECK + the run's lowest card (A low)
A_DOUBLE = A_RUN0 + (MAX_RUN - MIN_RUN + 1) * FULL_DECK
A_REDOUBLE = A_DOUBLE + 1
A_CONTRACT0 = A_REDOUBLE + 1  # + contract id = (level - 1) * N_STRAINS + strain
N_STRAINS = 5  # ♣ ♦ ♥ ♠ and no trump, in the auction's order
MAX_LEVEL = 7
N_CONTRACTS = MAX_LEVEL * N_STRAINS
A_COMBO0 = A_CONTRACT0 + N_CONTRACTS  # + primal part (engine.combinations)
N_PRIMALS = 308  # engine.combinations.N_PRIMALS (engine.climb checks the two agree)
A_KICKER0 = A_COMBO0 + N_PRIMALS  # + climbing rank
N_CLIMB_RANKS = 15
N_ACTIONS = A_KICKER0 + N_CLIMB_RANKS
#: every action of any one phase at once fits, so the legal list never overflows: the climb, the only phase
#: offering COMBO or KICKER actions, offers at most N_PRIMALS + 1 (PASS) of them and nothing else
LEGAL_CAP = A_COMBO0

# ---- state scalars --------------------------------------------------------------------------------
S_CUR = 0  # the player whose turn it is
S_DIR = 1  # PlayDirection: +1 or -1
S_SKIP = 2  # SkipCount, 0..N-1
S_PHASE = 3  # index of the current phase in the turn (== n_phases: the turn is over)
S_TURN = 4  # turns completed
S_HAND_NO = 5  # hands dealt so far (1 after the first deal)
S_STEP = 6  # engine steps (actions applied + automatic transitions); bounded by the step budget
S_TERMINAL = 7
S_WINNER = 8
S_WIN_TEAM = 9
S_RNG = 10  # xorshift32 state (never 0)
S_ACTOR = 11  # who decides now (the turn's player, or the bidder / trick player in seat order)
S_SUB = 12  # progress inside the phase: draws made, discards made, cards in the trick, bids made
S_LEADER = 13  # the trick leader of the current trick
S_TRICKS_PLAYED = 14  # tricks completed this hand
S_SUIT_BROKEN = 15
S_LAST_PLAYED = 16  # last card played (play or trick), -1 none
S_PENDING_TARGET = 17  # rank whose player_choice effect waits for a TARGET action, -1 none
S_WAR_PLAYER = 18  # WAR: player of the unmatched card on the tableau, -1 none
S_WAR_CARD = 19
S_BIDDING_DONE = 20
S_IDLE_TURNS = 21  # consecutive turns in which no card moved
S_TURN_MOVED = 22  # a card moved during this turn
S_ENDED_BY = 23  # 0 running, 1 win condition, 2 turn limit (draw), 3 step budget (timeout), 4 end_game
S_NEXT_OVERRIDE = 24  # next turn's player set by a trick (the winner leads), -1 none
S_DECISIONS = 25
S_LEGAL_SUM = 26
S_FORCED = 27
S_EFFECTS = 28
S_INTERACTION = 29
S_HANDSIZE_SUM = 30
S_BIDS_MADE = 31
S_BIDS_MET = 32
S_HANDS_PLAYED = 33
S_N_LEGAL = 34
S_TURN_ENDS = 35  # 1: the current turn ends after this phase (a stuck mandatory play)
S_HAND_OVER = 36  # a rule asked for the hand to end (deck_empty end_hand)
S_GAME_OVER = 37  # a rule asked for the game to end (deck_empty end_game)
S_CLAIM_RANK = 38  # rank declared for the claim in progress, -1 none yet
S_LAST_CLAIM = 39  # rank of the last completed claim this hand (11 = King at the start of a hand)
S_CLAIM_COUNT = 40  # cards put down for the claim in progress
S_CLAIM_STAGE = 41  # 0 putting cards down, 1 opponents deciding whether to challenge
S_POT = 42  # chips bet this hand
S_CUR_BET = 43  # the bet to match in the betting round in progress
S_RAISES = 44  # raises made in the betting round in progress (the opening bet is not one)
S_NAMED_CARD = 45  # the card a suit was named for (name_suit effect), -1 none
S_NAMED_SUIT = 46  # the suit named for it: the card counts as that suit while it is on the discard top
S_KNOCKER = 47  # who knocked this hand (knock phase), -1 nobody
S_PASS_DONE = 48  # 1: this hand's pass phase has exchanged its cards
S_STOOD = 49  # bit p set: player p stood this hand (declined a draw phase with ``stand``)
S_TAKEN = 50  # the card taken from the discard pile this turn (a ``no_return`` discard refuses it), -1
S_HAND_TRUMP = 51  # the hand's trump (a trump phase's, a turned card's, an auction's), -1 none, -2 NT
S_MAKER = 52  # the player who chose this hand's trump (their side are the makers), -1 none
S_DISCARDER = 53  # trump phase: the dealer who took the turned card and must discard one, -1 none
S_TURNED_CARD = 54  # the card turned up at the deal to fix trumps (``turned_trump``; public), -1 none
S_ASK_TARGET = 55  # ask phase: the opponent being asked, -1 none chosen yet
S_ASK_RANK = 56  # ask phase: the rank of the last ask that missed (a fished card of it asks again), -1
S_MELD_RANKS = 57  # bit r set: a set of rank r was melded to the tableau this hand
S_RUN_CARDS = 58  # bit c set: card c lies in a run melded to the tableau this hand (laid off ones too)
S_BLIND_DECIDED = 59  # bit p set: player p has decided this hand whether to bid blind Nil
S_COUNT = 60  # count phase: the running count
S_COUNT_CARDS = 61  # count phase: cards played since the count began (the top of the discard pile)
S_COUNTER = 62  # count phase: the last player to play onto the count, -1 none
S_CONTRACT = 63  # auction: the last bid's contract id, -1 none yet (the contract once the auction ends)
S_CONTRACT_BY = 64  # auction: who made the last bid, -1 none
S_DOUBLED = 65  # auction: 0 undoubled, 1 doubled, 2 redoubled
S_CALL_PASSES = 66  # auction: passes in a row since the last bid, double or redouble
S_DECLARER = 67  # the contract's declarer once the auction has ended, -1 none (yet)
S_DUMMY = 68  # the declarer's partner whose hand the declarer plays (``AuctionPhase.dummy``), -1 none
S_BET_OPENER = 69  # board games: the seat the next betting round opens with (``engine.board``), -1 the turn's
S_BLINDS_DUE = 70  # board games: the board phase whose blinds the next betting round posts, -1 none
N_SCALARS = 71

# ---- per-seat blocks (MAX_PLAYERS cells each; team blocks are indexed by team) ------------------------
B_BID = N_SCALARS
B_IS_NIL = B_BID + MAX_PLAYERS
B_TRICKS = B_IS_NIL + MAX_PLAYERS
B_SCORE = B_TRICKS + MAX_PLAYERS
B_TEAM_SCORE = B_SCORE + MAX_PLAYERS
B_BAGS = B_TEAM_SCORE + MAX_PLAYERS
B_SEQ_LO = B_BAGS + MAX_PLAYERS  # SEQUENCE: lowest A-low order of pile s (4 used)
B_SEQ_HI = B_SEQ_LO + MAX_PLAYERS
B_TRICK_PLAYER = B_SEQ_HI + MAX_PLAYERS  # who played the i-th card of the current trick
B_CHIPS = B_TRICK_PLAYER + MAX_PLAYERS  # chips in front of each player (persist across hands)
B_ROUND_BET = B_CHIPS + MAX_PLAYERS  # chips put in during the betting round in progress
B_FOLDED = B_ROUND_BET + MAX_PLAYERS  # 1: folded this hand
B_ACTED = B_FOLDED + MAX_PLAYERS  # 1: acted since the last bet or raise of the round
B_PASSED = B_ACTED + MAX_PLAYERS  # pass phase: bit c set = card c chosen to pass (still in the hand)
B_STRAIN_FIRST = B_PASSED + MAX_PLAYERS  # auction, per strain: 4 bits per team, 1 + the team's first
#                                          player to bid that strain (0 none)
B_PLAYED = B_STRAIN_FIRST + MAX_PLAYERS  # count phase: bit c set = card c played by the seat this hand

B_CLIMB = B_PLAYED + MAX_PLAYERS  # call and climb phases: engine.climb's cells (CL_* offsets)
CLIMB_CELLS = 48  # room for engine.climb.N_CELLS (checked there)

# ---- pile lengths -----------------------------------------------------------------------------------
L_DECK = B_CLIMB + CLIMB_CELLS
L_DISCARD = L_DECK + 1
L_HAND = L_DISCARD + 1  # + player
L_CAPTURED = L_HAND + MAX_PLAYERS  # + player
L_TABLEAU = L_CAPTURED + MAX_PLAYERS  # + pile (0-3 suit piles, 4 general)
L_TRICK = L_TABLEAU + N_TABLEAU
L_CLAIM = L_TRICK + 1
N_LENGTHS_END = L_CLAIM + 1

# ---- piles (capacity PILE_CAP each) ------------------------------------------------------------------
P_DECK = N_LENGTHS_END
P_DISCARD = P_DECK + PILE_CAP
P_HAND = P_DISCARD + PILE_CAP  # + player * PILE_CAP
P_CAPTURED = P_HAND + MAX_PLAYERS * PILE_CAP
P_TABLEAU = P_CAPTURED + MAX_PLAYERS * PILE_CAP
P_TRICK = P_TABLEAU + N_TABLEAU * PILE_CAP
P_CLAIM = P_TRICK + PILE_CAP  # the face-down claim pile (Cheat)
P_LEGAL = P_CLAIM + PILE_CAP
STATE_SIZE = P_LEGAL + LEGAL_CAP

# ---- ended-by codes ---------------------------------------------------------------------------------
END_RUNNING = 0
END_WIN = 1
END_TURN_LIMIT = 2
END_STEP_BUDGET = 3
END_GAME_ACTION = 4
END_ERROR = 5

# ---- compiled-table header (GameTables.header) -------------------------------------------------------
H_PLAYERS = 0
H_CARDS_PER_PLAYER = 1
H_DECK_SIZE = 2
H_INITIAL_DISCARD = 3
H_TRUMP = 4  # setup trump, else the first trick phase's trump, else -1
H_HAND_VISIBILITY = 5
H_TABLEAU_MODE = 6
H_SEQ_DIRECTION = 7
H_REFILL = 8
H_CAPTURES_TO_HAND = 9
H_TRICK_BASED = 10
H_TRICKS_PER_HAND = 11  # -1: until the hands are empty
H_DECK_EMPTY = 12
H_MAX_TURNS = 13
H_TEAM_MODE = 14
H_N_TEAMS = 15
H_N_PHASES = 16
H_HAS_BIDDING = 17
H_EVAL_METHOD = 18  # -1 without hand evaluation
H_ACE_ALT = 19
H_BUST = 20
H_PATTERN_MASK = 21
H_STEP_BUDGET = 22
H_PRIMARY_METRIC = 23  # what "leading" means for instrumentation (M_* below)
H_DISCARD_VISIBILITY = 24
H_STARTING_CHIPS = 25
H_AVOID_TRICKS = 26  # 1: the first win condition rewards taking few tricks (policies' hint)
H_MOON = 27  # 1: scoring.shoot_the_moon
H_MAKER = 28  # 1: maker scoring (then the four fields below)
H_MADE_TRICKS = 29
H_MADE_POINTS = 30
H_MARCH_POINTS = 31
H_EUCHRE_POINTS = 32
H_TURNED_TRUMP = 33  # setup.turned_trump: -1 none, else its code (0 upcard, 1 dealer's last card)
H_BOOK = 34  # 1: book scoring (then the two fields below)
H_BOOK_TRICKS = 35
H_BOOK_POINTS = 36
H_AUCTION_VUL = 37  # -1 without an auction phase, else its ``Vulnerability`` code
H_DEALER = 38  # -1 without a dealer phase, else its index (``engine.dealer``)
H_BOARD = 39  # -1 without a board phase, else the first one's index (``engine.board``)
H_POT_SIZED = 40  # 1: a board phase makes the game's betting pot-sized (``BoardPhase.pot_sized``)
H_SHOW = 41  # -1 without a show phase, else its index (``engine.show``)
H_CLIMB = 42  # -1 without a climb phase, else its index (``engine.climb_state``)
HEADER_SIZE = 43

# ---- packed program (``tables.pack_tables``): the header, then these offsets of its sections ----------
T_PHASES = HEADER_SIZE
T_COND = T_PHASES + 1
T_EFFECTS = T_COND + 1
T_WINS = T_EFFECTS + 1
T_N_WINS = T_WINS + 1
T_RULES = T_N_WINS + 1
T_N_RULES = T_RULES + 1
T_VALUES = T_N_RULES + 1
T_TEAM = T_VALUES + 1
T_CONTRACT = T_TEAM + 1
T_DECK = T_CONTRACT + 1
T_WILD = T_DECK + 1
PROGRAM_HEADER = T_WILD + 1
WIN_ROW = 2
RULE_ROW = 4
EFFECT_ROW = 4
CONTRACT_FIELDS = 9

# ---- phase rows (GameTables.phases) --------------------------------------------------------------------
PH_KIND = 0
PH_A = 1
PH_B = 2
PH_C = 3
PH_D = 4
PH_E = 5
PH_COND_START = 6
PH_COND_LEN = 7
PH_F = 8
PH_G = 9
PH_H = 10
PHASE_ROW = 11

K_DRAW = 0
K_PLAY = 1
K_DISCARD = 2
K_TRICK = 3
K_CLAIM = 4
K_BETTING = 5
K_BIDDING = 6
K_KNOCK = 7
K_PASS = 8
K_TRUMP = 9
K_ASK = 10
K_COUNT = 11
K_AUCTION = 12
K_DEALER = 13
K_BOARD = 14
K_CRIB = 15
K_SHOW = 16
K_CALL = 17
K_CLIMB = 18

# ---- condition program rows (GameTables.cond) ----------------------------------------------------------
C_OP = 0  # 0 leaf, 1 AND over the last C_VALUE results, 2 OR over them
C_TYPE = 1
C_OPERATOR = 2
C_VALUE = 3
C_REF = 4
COND_ROW = 5
OP_LEAF = 0
OP_AND = 1
OP_OR = 2
NO_REF = -1

# ---- metrics ("who is leading") -----------------------------------------------------------------------
M_SCORE = 0
M_FEWEST_CARDS = 1
M_CARDS_HELD = 2  # hand + captured (capture games)
M_TRICKS = 3
