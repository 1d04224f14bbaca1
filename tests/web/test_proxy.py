"""Behind a reverse proxy (docs/DEPLOY.md): with TRUSTED_PROXIES the rate limits count each
client's forwarded address, not the proxy's; without it a forwarded header changes nothing."""
from companion import create_app


def lookups_refused(app, addresses: list[str]) -> list[int]:
    client = app.test_client()
    return [client.get("/t/ZZZZZZ/events", headers={"X-Forwarded-For": a}).status_code for a in addresses]


def test_a_trusted_proxy_lets_each_client_have_its_own_limit(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "LOOKUPS_PER_MINUTE": 2, "TRUSTED_PROXIES": 1})
    assert lookups_refused(app, ["10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2", "10.0.0.1"]) == [404, 404, 404, 404, 429]


def test_without_trusted_proxies_a_forwarded_address_is_ignored(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "LOOKUPS_PER_MINUTE": 2})
    # a client cannot dodge its limit by claiming to be someone else
    assert lookups_refused(app, ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) == [404, 404, 429]
