"""The OpenAPI document lists every status each operation answers, and a bounded schemathesis run
(its command line, a few examples per operation) finds no server error and no undocumented status."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .procs import Serve

WRITES = {"400", "403", "404", "409", "410", "413", "422", "503"}
READS = {"404", "410", "422", "503"}


def test_every_operation_documents_its_statuses(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    expected = {
        ("/api/games", "post"): {"200", "400", "413", "422", "429", "503"},
        ("/api/games", "get"): {"200", "422", "503"},
        ("/api/games/{game_id}", "get"): {"200", "403"} | READS,
        ("/api/games/{game_id}/actions", "post"): {"200"} | WRITES,
        ("/api/games/{game_id}/undo", "post"): {"200"} | WRITES,
        ("/api/games/{game_id}/gone", "post"): {"200"} | WRITES,
        ("/api/games/{game_id}/reclaim", "post"): {"200"} | WRITES,
        ("/api/games/{game_id}/record", "get"): {"200", "409"} | READS,
        ("/api/games/{game_id}/replay", "get"): {"200", "409"} | READS,
        ("/api/games/{game_id}/chat", "get"): {"200", "403"} | READS,
        ("/api/games/{game_id}/chat", "post"): {"200", "429"} | WRITES,
        ("/api/games/{game_id}/rematch", "get"): {"200", "403"} | READS,
        ("/api/games/{game_id}/rematch", "post"): {"200"} | WRITES,
        ("/api/games/{game_id}/rematch/bot", "post"): {"200"} | WRITES,
        ("/api/tables", "get"): {"200", "422", "503"},
        ("/api/tables/{table_id}", "get"): {"200", "403"} | READS,
        ("/api/tables/{table_id}/join", "post"): {"200", "400", "404", "409", "413", "422", "429", "503"},
        ("/api/tables/{table_id}/fill", "post"): {"200", "400", "403", "404", "409", "413", "422", "429", "503"},
        ("/api/tables/{table_id}/close", "post"): {"200", "400", "403", "404", "409", "413", "422", "503"},
        ("/api/games/{game_id}/renew", "post"): {"200"} | WRITES,
        ("/api/my-games", "post"): {"200", "400", "413", "422", "503"},
    }
    for (path, method), statuses in expected.items():
        documented = set(paths[path][method]["responses"])
        assert documented == statuses, (path, method, documented ^ statuses)
        for status in statuses - {"200"}:
            schema = paths[path][method]["responses"][status]["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/Problem"}


@pytest.mark.xdist_group("processes")
def test_schemathesis_finds_no_server_error_and_no_undocumented_status(tmp_path: Path) -> None:
    cli = shutil.which("schemathesis", path=str(Path(sys.executable).parent)) or shutil.which("schemathesis")
    assert cli, "schemathesis is a dev dependency (pyproject.toml)"
    server = Serve(f"sqlite:///{tmp_path / 'talewood.db'}", "--bot-executor", "thread", "--no-access-log")
    try:
        server.wait_ready()
        config = tmp_path / "schemathesis.toml"
        # long polling holds a request for up to `wait` seconds by design: ask for none
        config.write_text('[[operations]]\ninclude-name = "GET /api/games/{game_id}"\n'
                          'parameters = { "query.wait" = 0 }\n')
        done = subprocess.run(
            [cli, "--config-file", str(config), "run", f"{server.base}/openapi.json",
             "--checks", "not_a_server_error,status_code_conformance",
             "--max-examples", "8", "--seed", "1", "--no-color", "--generation-database", "none",
             "--request-timeout", "20", "--workers", "1", "--report-dir", str(tmp_path / "report")],
            capture_output=True, text=True, timeout=300, cwd=tmp_path,
            env={**os.environ, "SCHEMATHESIS_TELEMETRY": "false"})
        assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
        assert "Selected: 29/29" in done.stdout and " passed" in done.stdout
        assert "Failures:" not in done.stdout
    finally:
        server.stop()
