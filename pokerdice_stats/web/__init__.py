"""The table-side coach: a local web application over the same answers as the command line.

``pokerdice-stats serve`` starts it (FastAPI on uvicorn, both in the ``web`` extra:
``pip install -e ".[web]"``).  The package is cut as the rest of the toolkit:

- :mod:`~pokerdice_stats.web.requests`: the bounded request bodies (pydantic models);
- :mod:`~pokerdice_stats.web.answers`: each answer, built by the functions the command
  line calls, serialised by the same JSON writer, so an answer carries the CLI's figures;
- :mod:`~pokerdice_stats.web.review`: a whole played turn, each keep against the best
  (:mod:`~pokerdice_stats.web.review_rows`), with 001's stakes
  (:mod:`~pokerdice_stats.web.stakes_review`; as written, the ante named and entry:
  :mod:`~pokerdice_stats.web.table_review`);
- :mod:`~pokerdice_stats.web.bid_review`: a played game of 003's bidding for two, each
  of your moves against the best alternative;
- :mod:`~pokerdice_stats.web.jobs`: long solves in worker threads, answered as pending
  with their progress (:mod:`~pokerdice_stats.ground.progress`);
- :mod:`~pokerdice_stats.web.app`: the FastAPI application (routes, limits, errors);
- :mod:`~pokerdice_stats.web.command`: the ``serve`` sub-command;
- ``static/``: the page (plain HTML, CSS and JavaScript; no build step).

Only :mod:`~pokerdice_stats.web.command` is imported without the extra installed.
"""
