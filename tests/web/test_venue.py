"""At a venue: the addresses printed for tablets, HTTPS with Secure cookies, proxies."""

from __future__ import annotations

import argparse
import ipaddress
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from rotation61.cli import serve
from tests import processes
from tests.web.helpers import PASSWORD
from tests.web.server import free_port


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_lan_addresses_are_real_ipv4_addresses() -> None:
    for text in serve.lan_addresses():
        address = ipaddress.IPv4Address(text)
        assert not address.is_loopback
        assert not address.is_unspecified


def test_all_interfaces_print_the_addresses_to_use() -> None:
    here, network = serve.urls("0.0.0.0", 8061, https=False)
    assert here == ["http://127.0.0.1:8061/"]
    assert all("0.0.0.0" not in url for url in network)
    assert network == [f"http://{ip}:8061/" for ip in serve.lan_addresses()]
    assert serve.urls("127.0.0.1", 80, https=True) == (["https://127.0.0.1:80/"], [])
    assert serve.urls("192.168.1.20", 80, https=False) == ([], ["http://192.168.1.20:80/"])


def test_https_needs_both_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert serve.run(_parse("--database-url", url, "--certfile", "cert.pem")) == 2
    assert "--keyfile" in capsys.readouterr().out
    missing = _parse("--database-url", url, "--certfile", "a.pem", "--keyfile", "b.pem")
    assert serve.run(missing) == 2
    assert "is not a file" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        _parse("--max-upload-bytes", "0")


def test_cookies_are_secure_over_https(sqlite_url: str) -> None:
    from rotation61.web.app import create_app
    from rotation61.web.core.settings import Settings

    app = create_app(Settings(database_url=sqlite_url, organiser_password=PASSWORD))
    with TestClient(app, base_url="https://testserver") as https:
        cookie = https.get("/login").headers["set-cookie"]
        assert "Secure" in cookie
    with TestClient(app) as plain:
        assert "Secure" not in plain.get("/login").headers["set-cookie"]


@pytest.mark.server
def test_serve_over_https_on_every_interface(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=rotation61.test",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    port = free_port()
    env = processes.server_env()
    argv = [sys.executable, "-m", "rotation61.cli.serve", "--host", "0.0.0.0", "--port"]
    argv += [str(port), "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    argv += ["--organiser-password", PASSWORD, "--certfile", str(cert), "--keyfile", str(key)]
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        response = None
        deadline = time.monotonic() + 30
        while response is None and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                response = httpx.get(f"https://127.0.0.1:{port}/login", verify=False, timeout=1)
            except httpx.HTTPError:
                time.sleep(0.1)
        assert response is not None
        assert response.status_code == 200
        assert re.search(r";\s*secure", response.headers["set-cookie"], re.IGNORECASE)
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=10)
    printed = out.decode()
    assert f"https://127.0.0.1:{port}/" in printed
    assert "0.0.0.0" not in printed
    for ip in serve.lan_addresses():
        assert f"https://{ip}:{port}/" in printed
