"""`talewood serve`: bind the port first (a taken port fails at once, with a message), then run one
server process, or several sharing the port on one PostgreSQL database (`--workers N`)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import socket
import sys
from typing import Any

ENVIRONMENT = "TALEWOOD_SERVE"     # the settings handed to each worker process of `--workers N`


def configure_logging(access: bool) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    logging.getLogger("talewood.access").setLevel(logging.INFO if access else logging.WARNING)
    for noisy in ("uvicorn", "uvicorn.error", "uvicorn.access", "alembic", "alembic.runtime.migration"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def settings_of(args: argparse.Namespace, url: str) -> dict[str, Any]:
    return {"database": url, "bot_executor": args.bot_executor, "bot_delay": args.bot_delay,
            "bot_workers": args.bot_workers,
            "limits": [args.limit_games, args.limit_window, args.limit_bot_only, args.limit_sockets,
                       args.limit_watchers],
            "gone_after": args.gone_after, "db_timeout": args.db_timeout, "max_games": args.max_games,
            "access_log": not args.no_access_log}


def app_from_settings(settings: dict[str, Any]) -> Any:
    from .app import create_app
    from .manager import Limits

    return create_app(settings["database"], bot_executor=settings["bot_executor"], bot_delay=settings["bot_delay"],
                      bot_workers=settings["bot_workers"], limits=Limits(*settings["limits"]),
                      gone_after=settings["gone_after"], db_timeout=settings["db_timeout"],
                      max_games=settings["max_games"])


def app_from_environment() -> Any:
    """The app of one worker process of `--workers N` (uvicorn imports it by name). The worker ends
    with the supervisor, even one killed by SIGKILL: no orphan keeps the port."""
    from .bots import die_with_parent

    settings = json.loads(os.environ[ENVIRONMENT])
    die_with_parent(signal.SIGTERM, settings["supervisor"])
    configure_logging(settings["access_log"])
    return app_from_settings(settings)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .db import database_url, is_postgres

    url = database_url(args.database)
    shown = url.split("@")[-1] if "@" in url else url
    if args.workers > 1 and not is_postgres(url):
        print("talewood: several server processes (--workers) need a PostgreSQL database (--database "
              "postgresql://...): they tell each other about moves through it", file=sys.stderr)
        return 2
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"talewood: cannot serve on {args.host}:{args.port}: {reason}", file=sys.stderr)
        return 1
    except (OverflowError, ValueError) as exc:
        print(f"talewood: cannot serve on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    access = not args.no_access_log
    configure_logging(access)
    common: dict[str, Any] = {"log_level": "warning", "access_log": False, "timeout_graceful_shutdown": 5,
                              "lifespan": "on", "log_config": None, "proxy_headers": False,
                              # permessage-deflate compresses each message once for each page
                              "ws_per_message_deflate": not args.no_ws_compression}
    if args.forwarded_allow_ips:
        # only these proxies may name the client (never loopback unless given: a local process could
        # otherwise pose as any address and slip past the per-client limits)
        common["proxy_headers"] = True
        common["forwarded_allow_ips"] = args.forwarded_allow_ips
    address = f"http://{args.host}:{sock.getsockname()[1]}/"
    if args.workers == 1:
        config = uvicorn.Config(app_from_settings(settings_of(args, url)), **common)

        class Announcing(uvicorn.Server):
            async def startup(self, sockets: list[socket.socket] | None = None) -> None:
                await super().startup(sockets=sockets)
                if not self.should_exit:
                    print(f"Talewood is serving at {address} (database {shown})", flush=True)

        server = Announcing(config)
        server.run(sockets=[sock])
        return 0 if server.started else 1
    from uvicorn.supervisors import Multiprocess

    os.environ[ENVIRONMENT] = json.dumps({**settings_of(args, url), "supervisor": os.getpid()})
    config = uvicorn.Config("talewood.server.serve:app_from_environment", factory=True, workers=args.workers,
                            **common)
    print(f"Talewood is serving at {address} with {args.workers} processes (database {shown})", flush=True)
    Multiprocess(config, sockets=[sock]).run()
    return 0
