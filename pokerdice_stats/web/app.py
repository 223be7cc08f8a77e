"""The coach's FastAPI application: the page, the JSON API, its limits and its errors.

Every answer is a JSON object. Bad input is a 4xx with one message under ``error``
(422: a field out of its bounds, 400: a position the rules refuse, 413: a body over
:data:`MAX_BODY_BYTES`, 429: too many solves running); a long solve is a 202 with its
pending status (the seconds it has run and ``progress``, the share of the solve done,
0 to 1), to be polled at ``/api/jobs/{id}`` (404: no such job). A refusal names the
request's fields (`` `throws_left` ``), not the command line's options
(:func:`~pokerdice_stats.web.words.api_words`). The OpenAPI document is at
``/openapi.json`` and its pages at ``/docs`` (Swagger UI, served from the package
`fastapi-offline` with no request to a CDN: the coach works offline; no ReDoc page, whose
script fetches its logo from one).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerdice_stats import __version__
from pokerdice_stats.ground.errors import PokerDiceError, shorten_message
from pokerdice_stats.web import answers
from pokerdice_stats.web.bid_review import bidding_review
from pokerdice_stats.web.jobs import BusyError, JobBoard, UnknownJob
from pokerdice_stats.web.requests import (
    BankingRequest,
    BettingRequest,
    BiddingRequest,
    BiddingReviewRequest,
    ErrorAnswer,
    HoldRequest,
    PendingAnswer,
    ReviewRequest,
    Table,
)
from pokerdice_stats.web.review import review_answer
from pokerdice_stats.web.words import CommandWords, api_words

if TYPE_CHECKING:
    from pokerdice_stats.turn.rules import RuleSet

#: Largest request body read (bytes); a longer one is refused with 413.
MAX_BODY_BYTES = 16 * 1024
#: The refusals every endpoint may answer (the OpenAPI document).
RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorAnswer, "description": what} for status, what in (
        (400, "A request refused: a position or option the rules refuse, a malformed job id"),
        (413, f"A body over {MAX_BODY_BYTES} bytes"),
        (422, "A body that is not a JSON object, or a field of the wrong type or out of bounds"),
    )
}  # fmt: skip
_PENDING = {"model": PendingAnswer, "description": "A long solve: poll ``poll`` for the answer"}
#: What the endpoints that solve as jobs add: the pending status, and too many jobs.
JOB_RESPONSES: dict[int | str, dict[str, Any]] = {
    202: _PENDING,
    429: {"model": ErrorAnswer, "description": "Too many solves running: try again"},
}
#: What a poll of a job adds: the pending status, and an unknown job.
POLL_RESPONSES: dict[int | str, dict[str, Any]] = {
    202: _PENDING,
    404: {"model": ErrorAnswer, "description": "No such job: unknown, or its answer forgotten"},
}
#: Where the page's files are (package data).
STATIC = Path(str(resources.files("pokerdice_stats.web") / "static"))


def create_app(board: JobBoard | None = None) -> FastAPI:
    """The application, with its own :class:`~pokerdice_stats.web.jobs.JobBoard`.

    Parameters
    ----------
    board : JobBoard, optional
        The board that runs the application's long answers as jobs (default: a new
        :class:`~pokerdice_stats.web.jobs.JobBoard` with its default wait and limit of
        running jobs).

    Returns
    -------
    fastapi.FastAPI
        The coach's application: the page, its static files, the ``/api/`` routes and
        the API's documentation pages (serve it with uvicorn).
    """
    app = FastAPIOffline(
        redoc_url=None,
        title="pokerdice-stats coach",
        version=__version__,
        description="Advice for every decision of the rule documents' Poker Dice games, with the "
        "figures of the command line (`pokerdice-stats ... --format json`).",
        responses=RESPONSES,
    )
    jobs = board or JobBoard()
    app.state.jobs = jobs
    _add_errors(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(NoQuery)
    app.add_middleware(CommandWords)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/games", summary="The presets, their faces, categories and decisions")
    def games() -> dict:
        return _games()

    @app.post("/api/rules", summary="A rule set's faces and categories (preset and --set)")
    def rules(request: Table) -> dict:
        return answers.faces_answer(request)

    @app.post(
        "/api/hold",
        responses=JOB_RESPONSES,
        summary="hold: every hold with its value (as hold --format json)",
    )
    def hold(request: HoldRequest) -> JSONResponse:
        rules = answers.hold_check(request)  # refused at once, before a job starts a solve
        return _answer(jobs, "hold", request, _hold_group(request, rules), answers.hold_answer)

    @app.post(
        "/api/betting",
        responses=JOB_RESPONSES,
        summary="001 betting, one seat: meet/fold, check/raise, holds",
    )
    def betting(request: BettingRequest) -> JSONResponse:
        # refused at once, before a job starts a solve; the rule set the request makes,
        # not its spelling, names its solve (and lock)
        rules = answers.betting_check(request)
        group = ("betting", rules, request.players, request.ante,
                 request.raise_size, request.raises, request.exact)  # fmt: skip
        return _answer(jobs, "betting", request, group, answers.betting_answer)

    @app.post(
        "/api/bidding",
        responses=JOB_RESPONSES,
        summary="003 bidding for two: call or bid, and each rung's odds",
    )
    def bidding(request: BiddingRequest) -> JSONResponse:
        rules = answers.table_rules(request)
        # as the solve counts them: blank items are no bids
        answers.check_bidding_seat(request.seat, len([b for b in request.bids if b.strip()]))
        group = ("bidding", rules)
        return _answer(jobs, "bidding", request, group, answers.bidding_answer)

    @app.post(
        "/api/banking",
        responses=JOB_RESPONSES,
        summary="004 banking, blind: the equilibrium's hold mix",
    )
    def banking(request: BankingRequest) -> JSONResponse:
        group = ("banking", answers.table_rules(request), request.players)
        return _answer(jobs, "banking", request, group, answers.banking_answer)

    @app.post(
        "/api/review",
        responses=JOB_RESPONSES,
        summary="A played turn: every keep against the best, its cost",
    )
    def review(request: ReviewRequest) -> JSONResponse:
        group = ("review", answers.table_rules(request))
        return _answer(jobs, "review", request, group, review_answer)

    @app.post(
        "/api/review/bidding",
        summary="A played game of 003's bidding for two: each of your moves against the best",
        responses=JOB_RESPONSES,
    )
    def review_bidding(request: BiddingReviewRequest) -> JSONResponse:
        # the category ladder's solve is the one /api/bidding reads: one lock for both
        rules = answers.table_rules(request)
        group = ("bidding", rules, *(("fine",) if request.ladder == "fine" else ()))
        return _answer(jobs, "review-bidding", request, group, bidding_review)

    @app.get(
        "/api/jobs/{job_id}",
        summary="A long solve: pending (seconds run, progress: share done 0 to 1), or its answer",
        responses=POLL_RESPONSES,
    )
    def job(job_id: str) -> JSONResponse:
        if not (job_id.isascii() and job_id.isdigit() and len(job_id) <= 12):
            raise PokerDiceError(
                f"a job id is a whole number of 1 to 12 digits, got {job_id[:20]!r}"
            )
        try:  # a job forgotten between two polls is as unknown as one never started
            done, body = jobs.poll(job_id)
        except UnknownJob as refusal:
            raise HTTPException(404, str(refusal)) from None
        return JSONResponse(body, status_code=200 if done else 202)

    return app


@functools.cache
def _games() -> dict:
    return answers.games_answer()


def _hold_group(request: HoldRequest, rules: RuleSet) -> tuple:
    """Hold requests that solve the same round share a lock: the rule set the request makes
    (``answers.table_rules``: two spellings of the same rules, ``throws=6`` and ``THROWS=6``
    or the options in another order, are one) and the players."""
    players = (request.players_left or 0) + (
        1 if request.against is None else 1 + (request.tied or 1)
    )
    return ("hold", rules, players, request.exact, request.goal)


def _answer(jobs: JobBoard, what: str, request: Any, group: tuple, work) -> JSONResponse:
    key = (what, request.model_dump_json())
    done, body = jobs.run(key, group, lambda: work(request))
    return JSONResponse(body, status_code=200 if done else 202)


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": shorten_message(message), **extra}, status_code=status)


def _add_errors(app: FastAPI) -> None:
    """One message under ``error`` for every refusal; no traceback ever leaves the app."""

    @app.exception_handler(BusyError)
    async def busy(_: Request, err: BusyError) -> JSONResponse:
        return _error(429, str(err))

    @app.exception_handler(PokerDiceError)
    async def refused(_: Request, err: PokerDiceError) -> JSONResponse:
        # the command line's message, naming the request's fields instead of its options
        return _error(400, api_words(str(err)))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        problems = [_problem(e) for e in err.errors()]
        first = problems[0] if problems else {"field": "", "message": "invalid request"}
        where = f"{first['field']}: " if first["field"] else ""
        return _error(422, f"{where}{first['message']}", problems=problems)

    @app.exception_handler(HTTPException)
    async def http(_: Request, err: HTTPException) -> JSONResponse:
        if err.status_code == 400 and err.detail == "There was an error parsing the body":
            # the web framework's words for a body it cannot decode (not UTF-8, a number
            # past Python's digit limit): said as the other malformed bodies are
            return _error(
                422, "the body must be JSON in UTF-8, its numbers of at most 4,300 digits"
            )
        return _error(err.status_code, str(err.detail))

    @app.exception_handler(MemoryError)
    async def memory(_: Request, err: MemoryError) -> JSONResponse:
        return _error(413, "not enough memory for this request")

    @app.exception_handler(Exception)
    async def unexpected(_: Request, err: Exception) -> JSONResponse:
        return _error(500, f"internal error ({type(err).__name__}); the request was not answered")


def _problem(error: dict) -> dict[str, str]:
    """One validation error as ``{"field", "message"}``, the body's own errors in words."""
    loc = tuple(error.get("loc", ()))
    kind = error.get("type", "")
    if kind == "json_invalid":
        why = (error.get("ctx") or {}).get("error", "invalid JSON")
        at = f", character {loc[1]}" if len(loc) > 1 else ""
        return {"field": "", "message": f"the body is not valid JSON ({why}{at})"}
    if loc == ("body",):
        if kind == "missing":
            return {"field": "", "message": "the body is missing: send a JSON object"}
        return {"field": "", "message": "the body must be a JSON object (Content-Type: "
                "application/json)"}  # fmt: skip
    field = ".".join(str(p) for p in loc if p != "body")
    return {"field": field, "message": _plain_words(kind, error.get("ctx") or {}, error)}


def _plain_words(kind: str, ctx: dict, error: dict) -> str:
    """A validation error in a player's words where pydantic's are a programmer's."""
    if kind == "missing":
        return "is missing"
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return "is empty"
    if kind in ("less_than_equal", "greater_than_equal", "less_than", "greater_than"):
        bound = next(iter(ctx.values()), "")
        words = {"less_than_equal": "at most", "greater_than_equal": "at least",
                 "less_than": "below", "greater_than": "above"}[kind]  # fmt: skip
        return f"must be {words} {bound}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "must be a whole number"
    if kind == "extra_forbidden":
        return "is not a field of this request (a typing slip?)"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters"
    if kind == "too_long":
        return f"may hold at most {ctx.get('max_length')} items"
    if kind in ("string_type", "string_unicode"):
        return "must be text (a JSON string of Unicode characters)"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return "must be an object (a JSON object of fields)"
    if kind == "list_type":
        return "must be a list (a JSON array)"
    if kind in ("bool_type", "bool_parsing"):
        return "must be true or false"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}"
    return str(error.get("msg", "invalid"))


def body_problem(body: bytes) -> str | None:
    """Why a JSON body is refused before validation: a key named twice in one object (the
    last would silently win) or nesting too deep to read; None otherwise (a body that is
    not JSON is left to the validation error)."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in items]
        twice = next((k for k in keys if keys.count(k) > 1), None)
        if twice is not None:
            raise _TwiceError(f"the body names {twice[:40]!r} twice in one object")
        return dict(items)

    try:
        json.loads(body, object_pairs_hook=pairs)
    except _TwiceError as err:
        return str(err)
    except RecursionError:
        return "the body nests too deeply"
    except ValueError:
        return None
    return None


class _TwiceError(Exception):
    """A JSON object names a key twice."""


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413, unread."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit():  # not a length at all: a malformed request, not a big one
            refusal = _error(400, "the Content-Length header must be a whole number of bytes")
            await refusal({"type": "http"}, _no_receive, send)
            return
        if int(length) > self.limit:
            await self._refuse(send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._refuse(send)
                return
        problem = body_problem(body) if body.strip() else None
        if problem is not None:
            await _error(422, problem)({"type": "http"}, _no_receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        response = _error(413, f"the request body is limited to {self.limit} bytes")
        await response({"type": "http"}, _no_receive, send)


class NoQuery:
    """ASGI middleware: refuse a query string on ``/api/`` with 422.

    Every answer reads only its JSON body (and a job its path), so a parameter
    such as ``?ladder=fine`` would otherwise be dropped without a word.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = scope.get("query_string", b"") if scope["type"] == "http" else b""
        if query and str(scope.get("path", "")).startswith("/api/"):
            names = sorted({part.split(b"=")[0].decode("latin-1") for part in query.split(b"&")})
            message = (
                f"{scope['path']} takes no query parameters (got {', '.join(names)}); "
                "send the options in the JSON body"
            )
            await _error(422, message)({"type": "http"}, _no_receive, send)
            return
        await self.app(scope, receive, send)


async def _no_receive() -> Message:  # pragma: no cover - a refused response reads nothing
    return {"type": "http.disconnect"}
