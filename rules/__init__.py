"""Árbitro's rules library: the hex core, the BattleTech rules and the rulesets built on them.

A pure library in the manner of python-chess: no Django, Channels, asyncio, clock or ``random``.
Dice come from a :class:`rules.core.dice.Dice` passed in, and every result carries the reasons for it.
"""
