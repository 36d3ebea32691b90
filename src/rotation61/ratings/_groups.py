"""Who met whom: the groups of players joined by racks, and who beat whom within them.

Players who never met, even through others, form separate groups, each rated on its
own scale. Without virtual racks a group has finite ratings only when every player
can be reached from every other by a chain of racks won (the win graph is strongly
connected); otherwise some players never lost, or never won, to the rest of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["groups", "unbeaten"]


def groups(size: int, pairs: Iterable[tuple[int, int]]) -> list[int]:
    """The group of each of ``size`` players joined by ``pairs``: 1 for the largest.

    Groups are numbered by size (largest first), then by their first player; a player
    with no pair is in no group (0).
    """
    parent = list(range(size))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    joined = [False] * size
    for a, b in pairs:
        joined[a] = joined[b] = True
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    members: dict[int, list[int]] = {}
    for i in range(size):
        if joined[i]:
            members.setdefault(root(i), []).append(i)
    order = sorted(members.values(), key=lambda m: (-len(m), m[0]))
    group = [0] * size
    for number, players in enumerate(order, start=1):
        for i in players:
            group[i] = number
    return group


def unbeaten(size: int, beat: Sequence[Iterable[int]]) -> list[int] | None:
    """Players who never lost to the rest of their group, if a group has any.

    Args:
        size: the number of players.
        beat: for each player, the players they won at least one rack against.

    Returns:
        The players (sorted) of a part of a group that no one else in the group ever
        beat, or ``None`` when every group's win graph is strongly connected (the
        Kosaraju strongly-connected components; a part that beat no one outside it has
        its counterpart, so one side suffices).
    """
    lost_to: list[list[int]] = [[] for _ in range(size)]
    for winner, beaten in enumerate(beat):
        for loser in beaten:
            lost_to[loser].append(winner)
    finished: list[int] = []
    seen = [False] * size
    for start in range(size):
        if seen[start]:
            continue
        seen[start] = True
        stack = [(start, iter(beat[start]))]
        while stack:
            node, rest = stack[-1]
            for nxt in rest:
                if not seen[nxt]:
                    seen[nxt] = True
                    stack.append((nxt, iter(beat[nxt])))
                    break
            else:
                stack.pop()
                finished.append(node)
    component = [-1] * size
    count = 0
    for start in reversed(finished):
        if component[start] >= 0:
            continue
        component[start] = count
        todo = [start]
        while todo:
            node = todo.pop()
            for nxt in lost_to[node]:
                if component[nxt] < 0:
                    component[nxt] = count
                    todo.append(nxt)
        count += 1
    beaten_from_outside = [False] * count
    touched = [False] * count
    for winner, beaten in enumerate(beat):
        for loser in beaten:
            touched[component[winner]] = touched[component[loser]] = True
            if component[winner] != component[loser]:
                beaten_from_outside[component[loser]] = True
    for part in range(count):
        if touched[part] and not beaten_from_outside[part]:
            players = [i for i in range(size) if component[i] == part]
            if _has_outside_edge(players, beat, lost_to, component, part):
                return players
    return None


def _has_outside_edge(
    players: list[int],
    beat: Sequence[Iterable[int]],
    lost_to: Sequence[Iterable[int]],
    component: Sequence[int],
    part: int,
) -> bool:
    """Whether a part met anyone outside it (a whole group is fine on its own)."""
    return any(component[other] != part for i in players for other in (*beat[i], *lost_to[i]))
