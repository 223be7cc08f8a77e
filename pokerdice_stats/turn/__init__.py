"""The turn: one player's five dice and up to three throws, under a rule set.

Rule sets (:mod:`.rules`), face charts and hand categories (:mod:`.charts`,
:mod:`.categories`), reading dice (:mod:`.dice`), every hand classified
(:mod:`.hands`), comparisons (:mod:`.compare`), single-throw odds (:mod:`.odds`), goals
(:mod:`.goals`), the states of a turn (:mod:`.states`), backward induction and the
forward pass (:mod:`.induction`), the optimal-hold program (:mod:`.holds`), holds by
throws used (:mod:`.staged`), best chances (:mod:`.chances`), a policy as a table
(:mod:`.strategy_frame`) and hold advice (:mod:`.advice`). Every game builds on it.
"""
