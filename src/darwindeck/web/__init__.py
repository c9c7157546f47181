"""The web app (``darwindeck serve``): play any game in the browser and rate it.

* ``session``: one browser game, move by move, and the seat's view (never a hidden card);
* ``records``: browser games and ratings in the run store's database;
* ``catalog``: the games on offer (the library and the best games of every run);
* ``app``: the FastAPI app, its pages (``templates/``, ``static/``) and its JSON API;
* ``battle``: watching a Pocket-style battle step by step (the ``/battle`` page);
* ``guard``: the app-wide request guard: size limit, strict JSON, security headers, trimmed errors;
* ``tables``: tables for several people: seats, secret links, hand-over to the computer;
* ``tables_api``: the tables' pages, JSON routes and per-seat event streams;
* ``panels``: blind panels: games shown without names, verdicts on four scales, results;
* ``panels_api``: the panels' pages and JSON routes;
* ``reports``: designer's reports kept for the game pages (``explain --db``).
"""
