"""ThreeTale's winnability: how often a bot team wins each Future, one game at a time, resumable.

    .venv/bin/python benchmarks/threetale_winnability.py --bot normal --games 300      # per Future
    .venv/bin/python benchmarks/threetale_winnability.py --bot greedy --games 300 --difficulty easier
    .venv/bin/python benchmarks/threetale_winnability.py --bot normal --games 20 --futures crown_of_evil
    .venv/bin/python benchmarks/threetale_winnability.py --bot normal --games 100 --futures parallel_land \
        --option empty_tiles=flipped                                                   # a variant's games
    TALEWOOD_CONTENT=... .venv/bin/python benchmarks/threetale_winnability.py --content DIR --tag tried-x ...
    .venv/bin/python benchmarks/threetale_winnability.py --table                        # what the files hold
    .venv/bin/python benchmarks/threetale_winnability.py --table --keep                 # new games into the kept file

Every game is appended to the raw file (JSON lines, `--out`, by default benchmarks/raw/, which git ignores)
as soon as it ends, so a run that is stopped keeps what it played and the next run plays only the games
still missing (the same seeds: game k of a Future has seed `--seed` + k). The games kept in the repository
are in benchmarks/results/threetale-winnability.jsonl.gz (`--kept`): a run reads them with the raw file,
so it plays none of them again. Every run (and `--table`) writes the tally of all those games to
benchmarks/results/threetale-winnability.json (`--tally`: per content, bot, difficulty and Future, and
per Hero, the figures of the table); `--keep` adds the raw file's new games to the kept file, gzipped.
The Futures take turns, so a stopped run has a sample of each, and game k's Heroes are the k-th of the
ten possible teams (in turn), so each Hero plays 3 games in 5 and its presence can be measured.
Each row names the `content` it was played on (`CONTENT`, per Future: raise a Future's tag whenever a
designed number it reads or the bots' heuristics change; rows without one were played before the first
tuning, "untuned"): the table keeps each content's rows apart, and a run resumes only the games of each
Future's current content. A Future keeps its tag while nothing it reads changes (its games play exactly
as before), so its earlier games still count; so does a game whose team leaves out every Hero a Hero-only
tuning changed (`HERO_TUNINGS`). An "r" after a tag (`tuned-9r`): that tuning, with its rules corrected.
`--option KEY=VALUE` plays a game option other than its default (a variant, e.g. `empty_tiles=flipped`): the
row keeps it, and the table shows it after the tag, apart from the default's games. `--content DIR` plays a
designer's copy of the content folder (numbers being tried) and `--tag` names its rows (the default: the
Future's tag in `CONTENT`). `--uncapped` lifts the level's wall-time cap, so that every search runs its whole
iteration budget whatever the load (a busy shared machine otherwise cuts `normal`'s 400 iterations short and
plays a weaker team); the rows say so (`"uncapped": true`).
The table gives per content, bot, difficulty and Future: games, wins, the win rate with its Wilson 95% interval,
and per Hero the team's win rate with and without that Hero (its presence, in points), per content and
over every Future's current content ("current").
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from talewood.agents.base import register
from talewood.agents.levels import LEVELS
from talewood.agents.mcts import mcts_factory
from talewood.games import load
from talewood.sim.play import Outcome, play_game
from talewood.sim.ratings import wilson

OUT = Path(__file__).parent / "raw" / "threetale-winnability.jsonl"           # new games, as they end (ignored)
KEPT = Path(__file__).parent / "results" / "threetale-winnability.jsonl.gz"   # the games kept in the repository
TALLY = Path(__file__).parent / "results" / "threetale-winnability.json"      # the table's figures, of both
# per Future: the content and heuristics its games are played on (raise a Future's tag on a change)
CONTENT = {"nine_rings": "tuned-14", "information_flood": "tuned-14", "parallel_land": "tuned-14",
           "path_of_initiation": "tuned-14", "crown_of_evil": "tuned-14"}


# A tuning of some Heroes only: new tag -> (the tag before it per Future, the Heroes it changed). A game of the
# tag before whose team has none of those Heroes reads nothing that changed and plays exactly as it did, so it
# counts as the new tag's game (and is not played again); its row keeps the tag it was played under.
HERO_TUNINGS: dict[str, tuple[dict[str, str], frozenset[str]]] = {
    # the twelfth: the Silver Deer's Moonlit Meadows (the Parallel Land's Storm Whisperers changed too, so
    # every game of that Future is new)
    "tuned-12": ({"nine_rings": "tuned-9", "information_flood": "tuned-11", "path_of_initiation": "tuned-9",
                  "crown_of_evil": "tuned-9r"}, frozenset({"The Silver Deer"})),
    # the thirteenth: Sun and Moon's Speed
    "tuned-13": ({f: "tuned-12" for f in ("nine_rings", "information_flood", "parallel_land", "path_of_initiation",
                                          "crown_of_evil")}, frozenset({"Sun and Moon"})),
}

CURRENT = "current"    # in the Heroes' table: the games of every Future at its current tag


def futures() -> list[str]:
    return [f.id for f in load("threetale").content.futures]


def _lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    return [line for line in text.splitlines() if line.strip()]


def played(*files: Path) -> list[dict[str, Any]]:
    """The games of these files (the kept ones, then the raw), each once."""
    seen: set[str] = set()
    rows = []
    for path in files:
        for line in _lines(path):
            if line not in seen:
                seen.add(line)
                rows.append(json.loads(line))
    return rows


def keep(out: Path, kept: Path) -> int:
    """Add the raw file's games to the kept file (gzipped, the same bytes for the same games); how many."""
    old = _lines(kept)
    seen = set(old)
    new = [line for line in _lines(out) if line not in seen]
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(gzip.compress("".join(line + "\n" for line in old + new).encode(), 9, mtime=0))
    return len(new)


def content_of(row: dict[str, Any]) -> str:
    tag = str(row.get("content", "untuned"))
    for newer, (before, heroes) in HERO_TUNINGS.items():   # oldest first, so a game carries through several
        if before.get(row["future"]) == tag and not heroes.intersection(row.get("heroes", ())):
            tag = newer
    return tag


def variant(options: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(options.items()))


def label_of(row: dict[str, Any]) -> str:
    """The row's content tag, and its options when it played a variant."""
    options = variant(row.get("options", {}))
    return f"{content_of(row)} {options}" if options else content_of(row)


def run(bot: str, games: int, difficulty: str, seed: int, out: Path, only: list[str] | None = None,
        options: dict[str, str] | None = None, content: str | None = None, tag: str | None = None,
        uncapped: bool = False, kept: Path | None = None) -> None:
    options = options or {}
    if uncapped and bot in LEVELS:            # the level's whole budget: the same search on any machine
        iterations, _, depth = LEVELS[bot]
        register(bot, mcts_factory(iterations, None, depth, name=bot))
    done = {(r["bot"], r["difficulty"], r["future"], r["seed"]) for r in played(*([kept] if kept else []), out)
            if content_of(r) == (tag or CONTENT.get(r["future"])) and r.get("options", {}) == options}
    out.parent.mkdir(parents=True, exist_ok=True)
    teams = load("threetale").teams_of_heroes  # type: ignore[attr-defined]
    for k in range(games):
        for future in only or futures():
            if (bot, difficulty, future, seed + k) in done:
                continue
            played_options = {"future": future, "difficulty": difficulty, "heroes": teams[k % len(teams)], **options}
            o = play_game("threetale", Outcome(seed=seed + k, players=3, seats=[bot] * 3), played_options,
                          keep_details=True, content=content)
            heroes = [d["hero"] for d in o.details if not d.get("team")]
            row = {"content": tag or CONTENT[future], **({"options": options} if options else {}),
                   **({"uncapped": True} if uncapped else {}), "bot": bot,
                   "difficulty": difficulty, "future": future, "seed": seed + k, "won": o.team_won,
                   "score": o.team_score, "heroes": heroes, "decisions": o.decisions,
                   "seconds": round(o.seconds, 2), "error": o.error,
                   "reason": next((d.get("reason") for d in o.details if d.get("team")), None)}
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"{bot} {difficulty} {future} seed {seed + k}: {'won' if o.team_won else 'lost'} "
                  f"({row['reason']}), {o.seconds:.0f} s", file=sys.stderr, flush=True)


def _groups(rows: list[dict[str, Any]]) -> dict[tuple[str, str, str, str], list[dict[str, Any]]]:
    groups: dict[tuple[str, str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r["error"] is None:
            groups[(label_of(r), r["bot"], r["difficulty"], r["future"])].append(r)
    return dict(sorted(groups.items()))


def _heroes(groups: dict[tuple[str, str, str, str], list[dict[str, Any]]]) -> list[tuple[tuple[str, str, str, str], int,
                                                                                      float, float]]:
    """Per content (and "current"), bot, difficulty and Hero: the games with that Hero, the team's win rate
    with and without it."""
    by_bot: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for (content, bot, difficulty, future), rs in groups.items():
        by_bot[(content, bot, difficulty)].extend(rs)
        if content == CONTENT.get(future):      # every Future at its current tag, together
            by_bot[(CURRENT, bot, difficulty)].extend(rs)
    out = []
    for (content, bot, difficulty), rs in sorted(by_bot.items()):
        for hero in sorted({h for r in rs for h in r["heroes"]}):
            with_ = [r for r in rs if hero in r["heroes"]]
            without = [r for r in rs if hero not in r["heroes"]]
            a = sum(r["won"] for r in with_) / len(with_) if with_ else 0.0
            b = sum(r["won"] for r in without) / len(without) if without else 0.0
            out.append(((content, bot, difficulty, hero), len(with_), a, b))
    return out


def table(rows: list[dict[str, Any]]) -> str:
    groups = _groups(rows)
    lines = ["| content | bot | difficulty | Future | games | wins | rate | 95% interval | mean score |",
             "|---|---|---|---|---|---|---|---|---|"]
    for (content, bot, difficulty, future), rs in groups.items():
        wins = sum(1 for r in rs if r["won"])
        lo, hi = wilson(wins, len(rs))
        score = sum(r["score"] for r in rs) / len(rs)
        lines.append(f"| {content} | {bot} | {difficulty} | {future} | {len(rs)} | {wins} | {wins / len(rs):.1%} "
                     f"| [{lo:.1%}, {hi:.1%}] | {score:.0f} |")
    lines += ["", "| content | bot | difficulty | Hero | games with | win rate with | win rate without | presence |",
              "|---|---|---|---|---|---|---|---|"]
    for (content, bot, difficulty, hero), n, a, b in _heroes(groups):
        lines.append(f"| {content} | {bot} | {difficulty} | {hero} | {n} | {a:.1%} | {b:.1%} | "
                     f"{100 * (a - b):+.1f} |")
    return "\n".join(lines)


def tally(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The table's figures as data (rates in percent): per content (a variant's with its options, as in the
    table), bot, difficulty and Future, and per Hero."""
    groups = _groups(rows)
    futures = []
    for (content, bot, difficulty, future), rs in groups.items():
        wins = sum(1 for r in rs if r["won"])
        lo, hi = wilson(wins, len(rs))
        futures.append({"content": content, "bot": bot, "difficulty": difficulty, "future": future,
                        "games": len(rs), "wins": wins,
                        "rate": [round(100 * wins / len(rs), 1), round(100 * lo, 1), round(100 * hi, 1)],
                        "mean_score": round(sum(r["score"] for r in rs) / len(rs), 1)})
    heroes = [{"content": content, "bot": bot, "difficulty": difficulty, "hero": hero, "games_with": n,
               "win_rate_with": round(100 * a, 1), "win_rate_without": round(100 * b, 1),
               "presence": round(100 * (a - b), 1)}
              for (content, bot, difficulty, hero), n, a, b in _heroes(groups)]
    return {"games": len(rows), "errors": sum(1 for r in rows if r["error"] is not None),
            "current": CONTENT, "futures": futures, "heroes": heroes}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="normal", help="the bot kind of all three Heroes (default: normal)")
    ap.add_argument("--games", type=int, default=300, help="games per Future (default: 300)")
    ap.add_argument("--difficulty", default="normal", help="the difficulty option (default: normal)")
    ap.add_argument("--seed", type=int, default=80_000, help="the first game's seed (default: 80000)")
    ap.add_argument("--out", type=Path, default=OUT, help=f"the raw file new games go to (default: {OUT})")
    ap.add_argument("--kept", type=Path, default=KEPT, help=f"the games kept in the repository (default: {KEPT})")
    ap.add_argument("--tally", type=Path, default=TALLY, help=f"the tally written of all the games (default: {TALLY})")
    ap.add_argument("--keep", action="store_true", help="add the raw file's new games to the kept file")
    ap.add_argument("--futures", nargs="+", choices=futures(), metavar="FUTURE",
                    help="play only these Futures (default: all five, in turn)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option other than its default (a variant; may be repeated)")
    ap.add_argument("--content", help="a designer's copy of the content folder to play (numbers being tried)")
    ap.add_argument("--tag", help="the content tag of the rows played (default: the Future's in CONTENT)")
    ap.add_argument("--uncapped", action="store_true", help="no wall-time cap: every search runs its whole budget")
    ap.add_argument("--table", action="store_true", help="print the table of the kept and raw files, play nothing")
    args = ap.parse_args(argv)
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            ap.error(f"--option {item!r}: write it as KEY=VALUE, e.g. --option empty_tiles=flipped")
        options[key] = value
    if not args.table:
        run(args.bot, args.games, args.difficulty, args.seed, args.out, args.futures, options, args.content, args.tag,
            args.uncapped, args.kept)
    if args.keep:
        print(f"{keep(args.out, args.kept)} new games kept in {args.kept}", file=sys.stderr)
    rows = played(args.kept, args.out)
    args.tally.write_text(json.dumps(tally(rows), indent=1) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
