"""``results/index.html`` and ``results/README.md``: every table, chart and CSV of
``results/`` on one page, and its list of files by title (what a repository's web page
shows of the folder).

The main job writes it last, from the files then in the folder: each Markdown file
rendered to HTML (markdown-it-py, CommonMark with tables), each chart shown by its
relative path, each CSV linked, grouped by game under a table of contents; the speed
figures of ``benchmarks/`` (written by the benchmark scripts) are linked only. The page
needs no server (relative links only, the style inline) and is the same bytes on
every run: files are taken in sorted order and nothing in it depends on the clock or
the machine.

Examples
--------
>>> item_id("strategy/banking/at-least_full-house")
'f-strategy-banking-at-least-full-house'
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

#: The page's file name, in the results folder.
INDEX_NAME = "index.html"
#: The list's file name, in the results folder.
README_NAME = "README.md"
#: Folders whose files the page links without showing them: the benchmark scripts, not
#: the main job, write them (measured figures that change from run to run), so the page
#: changes only when such a file comes or goes.
LINKED_ONLY = ("benchmarks/",)

#: The table of contents: (title, words that put a file under it), first match wins.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Gameweave Poker Dice (000)", ("gameweave",)),
    ("Triple Snakes (001): rounds and betting", ("triple-snakes", "triple_snakes", "betting")),
    ("Classic poker dice (003) and bidding for two", ("classic", "bidding")),
    ("Banking Poker Dice (004), blind", ("banking",)),
    ("Progressive Poker Dice (004)", ("progressive", "bankroll", "ruin")),
    ("Rounds, matches and hold-up of every preset", ("rounds", "matches", "holdup")),
    ("Cross-checks and convergence", ("crosscheck", "convergence", "simulat")),
    ("Benchmarks", ()),
)
BENCHMARKS = "Benchmarks"
OTHER = "Other files"

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 0 auto;
       padding: 0 1rem 3rem; color: #1b1b1b; background: #fbfaf6; }
h1 { color: #0f5132; border-bottom: 3px solid #0f5132; }
h2 { color: #0f5132; margin-top: 2.5rem; border-bottom: 1px solid #ccc; }
article { margin: 1.5rem 0; padding-top: 0.5rem; border-top: 1px dashed #ddd; }
article > h3 { font-family: monospace; font-size: 1rem; }
.files a { margin-right: 0.8rem; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; display: block;
        overflow-x: auto; }
th, td { padding: 0.15rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: left; }
img { max-width: 100%; height: auto; border: 1px solid #ddd; }
nav ul { columns: 2; }
nav li li { font-family: monospace; font-size: 0.85rem; }
"""


@dataclass
class Item:
    """The files of one stem (``games/betting`` with its ``.md``, ``.csv``, ``.png``)."""

    stem: str
    files: dict[str, str] = field(default_factory=dict)


def item_id(stem: str) -> str:
    """The anchor of a stem on the page."""
    return "f-" + re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")


def group_of(stem: str) -> str:
    """The title of the contents group a stem belongs to (its folder first for benchmarks,
    whose file names are those of the games they time)."""
    if stem.startswith("benchmarks/"):
        return BENCHMARKS
    for title, words in GROUPS:
        if any(word in stem for word in words):
            return title
    return OTHER


def collect(out: Path) -> dict[str, list[Item]]:
    """Every file of ``out`` (but the page, the list and hidden files), by group, sorted."""
    items: dict[str, Item] = {}
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out).as_posix()
        if not path.is_file() or relative in (INDEX_NAME, README_NAME):
            continue
        if any(part.startswith(".") for part in path.relative_to(out).parts):
            continue
        stem, suffix = posixpath.splitext(relative)
        items.setdefault(stem, Item(stem)).files[suffix] = relative
    groups: dict[str, list[Item]] = {title: [] for title, _ in GROUPS}
    groups[OTHER] = []
    for stem in sorted(items):
        groups[group_of(stem)].append(items[stem])
    return {title: found for title, found in groups.items() if found}


def write_index(out: Path) -> Path:
    """Write ``out/index.html`` from the files in ``out``; returns its path."""
    groups = collect(out)
    parts = [
        "<!doctype html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>pokerdice-stats results</title>",
        f"<style>{STYLE}</style></head>",
        "<body>",
        "<h1>pokerdice-stats: the results</h1>",
        "<p>Written by <code>pokerdice-stats report</code>: every table of this folder "
        "rendered, every chart shown and every CSV linked, by game. The figures are those "
        "of the files themselves; this page adds none.</p>",
        _contents(groups),
    ]
    for title, items in groups.items():
        parts.append(f'<section id="{item_id("g-" + title)}"><h2>{html.escape(title)}</h2>')
        parts.extend(_item(out, item) for item in items)
        parts.append("</section>")
    parts.append("</body></html>")
    path = out / INDEX_NAME
    path.write_text("\n".join(parts) + "\n", encoding="utf-8", newline="\n")
    return path


def _contents(groups: dict[str, list[Item]]) -> str:
    lines = ["<nav><h2>Contents</h2><ul>"]
    for title, items in groups.items():
        links = "".join(
            f'<li><a href="#{item_id(i.stem)}">{html.escape(i.stem)}</a></li>' for i in items
        )
        lines.append(
            f'<li><a href="#{item_id("g-" + title)}">{html.escape(title)}</a><ul>{links}</ul></li>'
        )
    lines.append("</ul></nav>")
    return "\n".join(lines)


def _item(out: Path, item: Item) -> str:
    files = item.files
    links = " ".join(
        f'<a href="{html.escape(path)}">{html.escape(suffix.lstrip(".").upper() or "file")}</a>'
        for suffix, path in sorted(files.items())
    )
    body = [f'<article id="{item_id(item.stem)}"><h3>{html.escape(item.stem)}</h3>']
    body.append(f'<p class="files">{links}</p>')
    if ".md" in files and not item.stem.startswith(LINKED_ONLY):
        text = (out / files[".md"]).read_text(encoding="utf-8")
        body.append(render_markdown(text, posixpath.dirname(files[".md"])))
    if ".png" in files:
        source = html.escape(files[".png"])
        body.append(f'<p><img src="{source}" alt="chart {source}" loading="lazy"></p>')
    body.append("</article>")
    return "\n".join(body)


def render_markdown(text: str, folder: str) -> str:
    """A Markdown file of ``folder`` as HTML for the page.

    Its headings move three levels down (under the page's own), and its relative links
    are made relative to the results folder: a link to another Markdown file points at
    that file's place on the page.
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    tokens = md.parse(text)
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1]) + 3)}"
        for child in token.children or ():
            for name in ("href", "src"):
                target = child.attrGet(name)
                if isinstance(target, str):
                    child.attrSet(name, _moved(target, folder))
    return md.renderer.render(tokens, md.options, {})


def _moved(target: str, folder: str) -> str:
    """A link of a file in ``folder``, as seen from the results folder."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith(("#", "/")):
        return target
    path = posixpath.normpath(posixpath.join(folder, target))
    stem, suffix = posixpath.splitext(path)
    if suffix == ".md":
        return "#" + item_id(stem)
    return path


def title_of(out: Path, item: Item) -> str:
    """An item's title: the first heading of its Markdown file, else its stem."""
    if ".md" in item.files:
        for line in (out / item.files[".md"]).read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return item.stem


def write_readme(out: Path) -> Path:
    """Write ``out/README.md``: every item of ``out`` by group, its title linking its
    Markdown (else its chart or CSV), its other files beside it; returns its path."""
    lines = [
        "# pokerdice-stats: the results",
        "",
        "Written by `pokerdice-stats report` (the main job), the same bytes on every machine. "
        "Chances are in percent in the Markdown tables (six significant digits); the CSV "
        "beside each keeps ten digits and the exact fractions. "
        f"[`{INDEX_NAME}`]({INDEX_NAME}) shows every table and chart on one page.",
    ]
    groups = collect(out)
    # the files of a folder named as a Markdown file (strategy/gameweave/ beside
    # strategy/gameweave.md: its charts) are listed by that file, which links each
    with_md = {i.stem for found in groups.values() for i in found if ".md" in i.files}
    folders = {posixpath.dirname(i.stem) for found in groups.values() for i in found}
    for title, items in groups.items():
        lines += ["", f"## {title}", ""]
        for item in items:
            if posixpath.dirname(item.stem) in with_md:
                continue
            files = item.files
            main = files.get(".md") or files.get(".png") or next(iter(sorted(files.values())))
            others = [
                f"[{suffix.lstrip('.').upper() or 'file'}]({path})"
                for suffix, path in sorted(files.items())
                if path != main
            ]
            if item.stem in folders and ".md" in files:
                others.append(f"[its files]({item.stem}/)")
            extra = f" ({', '.join(others)})" if others else ""
            lines.append(f"- [{title_of(out, item)}]({main}){extra}")
    path = out / README_NAME
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    return path
