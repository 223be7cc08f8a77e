"""The coach's request bodies: every field bounded, every name the command line's.

A field is the option of the same name (``--players-left`` is ``players_left``); the
rule set is a preset and ``set`` the ``--set KEY=VALUE`` items, never a file: the app
reads no file named by a request.  Unknown fields are refused (a typing slip is an
error, not a default).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pokerdice_stats.turn.rule_fields import MAX_THROWS

#: The presets a request may name (as ``--rules``).
Preset = Literal["gameweave", "classic", "triple-snakes", "banking", "progressive"]
#: ``--exact``.
Exact = Literal["auto", "always", "never"]
#: Dice as typed (``"K K J 10 9"``, ``KKJT9``): at most this many characters.
Dice = Annotated[str, Field(min_length=1, max_length=40)]
#: A ``--set`` item ``KEY=VALUE``.
Setting = Annotated[str, Field(min_length=3, max_length=80)]
#: Chips as the command line reads them (``1``, ``1/2``, ``0.25``).
Chips = Annotated[str, Field(min_length=1, max_length=24)]


class Table(BaseModel):
    """The rule set: a preset and ``--set`` options, after the TOML text of a rule file
    (``rules_text``, as a ``--rules FILE`` holds it; its ``preset`` replaces ``rules``)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    rules: Preset = "gameweave"
    set: list[Setting] = Field(default_factory=list, max_length=16)
    rules_text: str | None = Field(default=None, max_length=4096)


class HoldRequest(Table):
    """``hold``: every hold of the dice showing, with its value (the CLI's options)."""

    dice: Dice
    throws_left: int | None = Field(default=None, ge=0, le=MAX_THROWS)
    goal: str | None = Field(default=None, max_length=120)
    to_win: bool = False
    against: Dice | None = None
    tied: int | None = Field(default=None, ge=1, le=4)
    players_left: int | None = Field(default=None, ge=0, le=4)
    limit: int | None = Field(default=None, ge=1, le=MAX_THROWS)
    exact: Exact | None = None
    computer_hand: Dice | None = None
    side: Literal["player", "computer"] | None = None
    distribution: bool = False
    aside: Dice | None = None
    untouched: Dice | None = None


class BettingRequest(Table):
    """``betting --seat K``: one seat's decision in 001's betting round."""

    rules: Preset = "triple-snakes"
    players: int = Field(default=2, ge=2, le=5)
    ante: Chips = "1"
    raise_size: Chips | None = None
    raises: int = Field(default=1, ge=0, le=4)
    seat: int = Field(ge=1, le=5)
    against: Dice | None = None
    pot: Chips | None = None
    still_in: str | None = Field(default=None, max_length=20)
    raised: int | None = Field(default=None, ge=1, le=4)
    hand: Dice | None = None
    dice: Dice | None = None
    throws_left: int | None = Field(default=None, ge=0, le=MAX_THROWS)
    exact: Exact = "auto"


class BiddingRequest(Table):
    """003 bidding for two: call or bid, given your own five dice and the bids so far."""

    rules: Preset = "classic"
    hand: Dice
    bids: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=16
    )
    #: Your seat, 1 or 2 (optional): refused unless it is the seat to move after ``bids``
    #: (3 to 5 are refused in words: bidding is for two players).
    seat: int | None = Field(
        default=None, ge=1, le=5, description="your seat, 1 or 2 (bidding is for two players)"
    )


class BankingRequest(Table):
    """004 banking, blind: the equilibrium's hold mix for the dice showing."""

    rules: Preset = "banking"
    players: int = Field(default=2, ge=2, le=5)
    dice: Dice
    throws_left: int | None = Field(default=None, ge=0, le=MAX_THROWS)


class Step(BaseModel):
    """One throw of a played turn: the dice showing and the dice kept (``stand``: all of
    them, ``(none)``: none; left out after the last throw)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    dice: Dice
    keep: str | None = Field(default=None, max_length=40)


class BettingTurn(BaseModel):
    """001 betting around a reviewed turn: the table's stakes, your seat and your choices.

    ``met``: facing a raise from the best hand so far (``against``) before your throw,
    whether you met it (left out: nobody raised); ``raises_made``: after your final hand,
    the raises you made (0: check; left out: not reviewed). ``pot``: chips in the pot
    before your throw (default: as if nobody had raised before).

    001 as written (``ante_max`` or ``raise_max`` given, as ``betting --ante-max A
    --raise-max M``): ``ante_named``, seat 1's ante; ``entered``, a later seat's choice to
    meet the ante (true) or sit out (false), with ``seats_in`` the seats in before it
    (default: as solved) and ``ante`` the ante seat 1 named; ``raised``, the chips of the
    raise faced (default: the table's raise size); ``raises_made``, the chips you raised
    (0: check).
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    players: int = Field(default=2, ge=2, le=5)
    seat: int = Field(default=1, ge=1, le=5)
    ante: Chips = "1"
    raise_size: Chips | None = None
    raises: int = Field(default=1, ge=0, le=4)
    pot: Chips | None = None
    met: bool | None = None
    raises_made: int | None = Field(default=None, ge=0, le=4)
    exact: Exact = "auto"
    ante_max: int | None = Field(default=None, ge=1, le=10)
    raise_max: int | None = Field(default=None, ge=1, le=4)
    sit_out: bool = True
    ante_named: Chips | None = None
    seats_in: str | None = Field(default=None, max_length=20)
    entered: bool | None = None
    raised: Chips | None = None


class ReviewRequest(Table):
    """A whole played turn: the position (as for ``hold``) and each throw with its keep.

    The values are those of the game the rules play: the chance of winning the round
    (rounds seen: ``against``, ``tied``, ``players_left``, ``limit``), points per round
    against the computer's hand (progressive: ``computer_hand``), or the share of the
    pot against the equilibrium field (banking, blind: ``players``), or chips still to
    come in 001's betting round (``betting``: the stakes, your seat, meet and raise).
    """

    steps: list[Step] = Field(default_factory=list, max_length=MAX_THROWS)
    against: Dice | None = None
    tied: int | None = Field(default=None, ge=1, le=4)
    players_left: int | None = Field(default=None, ge=0, le=4)
    limit: int | None = Field(default=None, ge=1, le=MAX_THROWS)
    computer_hand: Dice | None = None
    players: int | None = Field(default=None, ge=2, le=5)
    betting: BettingTurn | None = None


class BiddingReviewRequest(Table):
    """003 bidding for two, a whole game: your five dice, your seat and every move of the
    game in order (each bid a rung of the ladder, ``call`` to end it; yours and the
    other's), as ``bidding --hand --bids`` reads the bids."""

    rules: Preset = "classic"
    ladder: Literal["category", "fine"] = "category"
    hand: Dice
    seat: int = Field(default=1, ge=1, le=2)
    moves: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        min_length=1, max_length=64
    )


class ErrorAnswer(BaseModel):
    """A refusal: one message under ``error``; a 422 also lists each field's ``problems``."""

    error: str
    problems: list[dict[str, str]] | None = None


class PendingAnswer(BaseModel):
    """A long solve (202): the job, the seconds run, its progress (0 to 1, or null) and
    stage, the figures' units, and the address to poll."""

    status: Literal["pending"]
    job: str
    seconds: float
    progress: float | None
    stage: str
    units: dict[str, str]
    poll: str
