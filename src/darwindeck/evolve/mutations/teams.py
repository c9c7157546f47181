"""Spec 003's team operators.

Team assignments are written canonically: players sorted within a team, teams ordered by their lowest
player, so one partition has one spelling (and one genome identity).

* ``enable_team_mode`` (``EnableTeamModeMutation``): an individual game becomes a team game with a random
  assignment for its player count (``random_partition``); a team game, or a 2-player game (no team of
  two is possible), is returned unchanged.
* ``disable_team_mode`` (``DisableTeamModeMutation``): team_mode False, teams cleared.
* ``mutate_team_assignment`` (``MutateTeamAssignmentMutation``): only in a team game: two players of two
  different teams (chosen uniformly) swap seats, so the team count and sizes stay the same.

``random_partition(player_count, rng)``: the team count is chosen uniformly among the divisors ``k`` of
the player count with 2 ≤ k ≤ player_count / 2 (teams of equal size, at least two players each); an odd
count has no such divisor and gets two teams whose sizes differ by one. The seats are shuffled and dealt
into the teams. For 4 players this is one of ((0,2),(1,3)), ((0,1),(2,3)), ((0,3),(1,2)), each with
probability ⅓.
"""

from __future__ import annotations

import random

from darwindeck.genome.schema import GameGenome

Teams = tuple[tuple[int, ...], ...]


def canonical_teams(teams: list[list[int]] | Teams) -> Teams:
    """Players sorted within each team, teams ordered by their lowest player."""
    return tuple(sorted((tuple(sorted(team)) for team in teams if team), key=lambda team: team[0]))


def team_counts(player_count: int) -> list[int]:
    """The team counts ``random_partition`` chooses from."""
    equal = [k for k in range(2, player_count // 2 + 1) if player_count % k == 0]
    return equal or [2]


def random_partition(player_count: int, rng: random.Random) -> Teams:
    count = rng.choice(team_counts(player_count))
    seats = list(range(player_count))
    rng.shuffle(seats)
    teams: list[list[int]] = [seats[t::count] for t in range(count)]
    return canonical_teams(teams)


def enable_team_mode(genome: GameGenome, rng: random.Random) -> GameGenome:
    if genome.team_mode or genome.player_count < 3:
        return genome
    return genome.replace(team_mode=True, teams=random_partition(genome.player_count, rng))


def disable_team_mode(genome: GameGenome, rng: random.Random) -> GameGenome:
    if not genome.team_mode and not genome.teams:
        return genome
    return genome.replace(team_mode=False, teams=())


def mutate_team_assignment(genome: GameGenome, rng: random.Random) -> GameGenome:
    teams = [list(team) for team in genome.teams]
    if not genome.team_mode or len(teams) < 2:
        return genome
    first, second = rng.sample(range(len(teams)), 2)
    i, j = rng.randrange(len(teams[first])), rng.randrange(len(teams[second]))
    teams[first][i], teams[second][j] = teams[second][j], teams[first][i]
    return genome.replace(teams=canonical_teams(teams))
