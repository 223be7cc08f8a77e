"""The state of a reviewed turn besides the hand, derived from its throws and keeps.

Under sticky holds (``sticky_holds=true``) a die set aside stays aside, so after each keep
the state carries the dice set aside (``aside``): every later keep must contain them. Under
a turn-scoped rethrow limit (``max_rethrow`` below 5, ``max_rethrow_scope=turn``) at most
``max_rethrow`` dice of the first throw are ever thrown again, so the state carries the
first throw's dice never thrown again (``untouched``): a keep must leave at least
``5 - max_rethrow`` of them, and what it keeps of them (the originals of a face kept first)
is the next state's. Under any rule a keep throws at most ``max_rethrow`` dice again.

:class:`TurnState` follows a turn keep by keep, refuses a keep the rules do not allow with
one message that says why, and gives the state as the hold answers take it (the ``aside``
or ``untouched`` field of :class:`~pokerdice_stats.web.requests.HoldRequest`, as ``hold
--aside/--untouched``).
"""

from __future__ import annotations

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import keep_intersection, state_kind

#: The request field that carries each kind of state (none for the hand alone).
STATE_FIELDS = {"hand": None, "aside": "aside", "original": "untouched"}


class TurnState:
    """The dice a turn's state carries besides the hand, updated keep by keep.

    Parameters
    ----------
    rules : RuleSet
        The rules of the turn (their state kind and ``max_rethrow``).

    Attributes
    ----------
    kind : str
        ``hand``, ``aside`` or ``original``
        (:func:`~pokerdice_stats.turn.states.state_kind`).
    carried : int or None
        Keep index of the dice set aside (``aside``) or of the first throw's dice never
        thrown again (``original``); None straight after the first throw (nothing set
        aside, every die untouched) and always for the hand alone.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.kind = state_kind(rules)
        self.carried: int | None = None

    def fields(self) -> dict[str, str | None]:
        """The state as a hold request's field: ``{"aside": "K K"}``, ``{"untouched": ...}``,
        or nothing (the hand alone, or straight after the first throw)."""
        name = STATE_FIELDS[self.kind]
        if name is None or self.carried is None or int(ix.KEEP_SIZE[self.carried]) == 0:
            return {}
        return {name: self.text()}

    def text(self) -> str | None:
        """The dice carried, written in the rule set's chart (None: none yet)."""
        if self.carried is None:
            return None
        return format_counts(ix.KEEP_COUNTS[self.carried], self.rules)

    def check(self, number: int, keep: int, hand: int) -> None:
        """Refuse keep ``keep`` of hand ``hand`` at throw ``number`` if the rules forbid it.

        Parameters
        ----------
        number : int
            The throw (1 for the first), for the message.
        keep : int
            Keep index of the dice kept (a sub-multiset of the hand).
        hand : int
            Hand index of the dice showing.

        Raises
        ------
        OptionError
            For a keep that lets go of a die set aside (sticky holds), throws again more
            first-throw dice than the turn allows (turn scope) or more dice than
            ``max_rethrow`` in one throw.
        """
        rules = self.rules
        kept = format_counts(ix.KEEP_COUNTS[keep], rules) or "(none)"
        size = int(ix.KEEP_SIZE[keep])
        if size == ix.N_DICE:
            return  # standing is always allowed
        if self.kind == "aside" and self.carried is not None:
            if (ix.KEEP_COUNTS[keep] < ix.KEEP_COUNTS[self.carried]).any():
                raise OptionError(
                    f"throw {number}: under sticky holds the dice set aside stay aside: a keep "
                    f"must contain {self.text()}, got {kept}"
                )
        if self.kind == "original":
            untouched = int(ix.HAND_KEEP[hand]) if self.carried is None else self.carried
            left = int(ix.KEEP_SIZE[keep_intersection()[untouched, keep]])
            least = ix.N_DICE - rules.max_rethrow
            if left < least:
                before = ix.N_DICE - int(ix.KEEP_SIZE[untouched])
                raise OptionError(
                    f"throw {number}: keeping {kept} would throw {ix.N_DICE - left} dice of the "
                    f"first throw again in the turn ({before} already); "
                    f"max_rethrow={rules.max_rethrow} "
                    f"(max_rethrow_scope=turn) allows at most {rules.max_rethrow}, so at least "
                    f"{least} of the first throw's dice stay (never thrown again so far: "
                    f"{format_counts(ix.KEEP_COUNTS[untouched], rules)})"
                )
            return
        if ix.N_DICE - size > rules.max_rethrow:
            raise OptionError(
                f"throw {number}: keeping {kept} throws {ix.N_DICE - size} dice again; "
                f"max_rethrow={rules.max_rethrow} allows at most {rules.max_rethrow} a throw"
            )

    def keep(self, keep: int, hand: int) -> None:
        """Move on past keep ``keep`` of hand ``hand`` (checked by :meth:`check`)."""
        if self.kind == "aside":
            self.carried = keep
        elif self.kind == "original":
            untouched = int(ix.HAND_KEEP[hand]) if self.carried is None else self.carried
            self.carried = int(keep_intersection()[untouched, keep])
