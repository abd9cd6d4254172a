#!/usr/bin/env python3
"""An independent MCP client for citabot's /mcp endpoint, built on the official Python SDK.

It talks to the server as a third-party client would (Streamable HTTP, the SDK's own
negotiation), runs one scenario, prints one JSON object on stdout and exits:

  0  every expectation held
  1  an expectation failed (the JSON says which)
  2  bad command line
  3  the server could not be reached, or the SDK is not installed

Scenarios:
  tools         connect, list the tools, print their names
  book          find_free_times for the first service on --date, book_cita the first time twice
                with one idempotencyKey (same cita both times), move_cita to the second time,
                cancel_cita
  refused       list_citas and cancel_cita on --cita, a cita this caller may not touch: the
                cancel must come back as a tool result with isError true
  unauthorised  connecting must fail with HTTP 401

Diagnostics go to stderr. Install the SDK with `make mcp-venv` (requirements.txt beside this file).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

try:
    BaseExceptionGroup
except NameError:  # Python 3.10: the SDK depends on the backport
    from exceptiongroup import BaseExceptionGroup  # type: ignore[no-redef]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_UNREACHABLE = 0, 1, 2, 3

CLIENT = {"name": "Prueba MCP", "email": "mcp@cliente.example"}
IDEMPOTENCY_KEY = "k1"


class Expectation(Exception):
    """An expectation of the scenario did not hold."""


class Unreachable(Exception):
    """The server could not be reached at all."""


def log(message: str) -> None:
    print(f"client.py: {message}", file=sys.stderr, flush=True)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="client.py",
        description="Run one scenario against an MCP server with the official Python SDK "
        "and print one JSON object.",
    )
    parser.add_argument("--url", required=True, help="the MCP endpoint, e.g. http://127.0.0.1:3000/mcp/<capability>")
    parser.add_argument("--bearer", help="send Authorization: Bearer TOKEN")
    parser.add_argument(
        "--scenario", required=True, choices=["tools", "book", "refused", "unauthorised"], help="what to run"
    )
    parser.add_argument("--date", help="YYYY-MM-DD, the day to book on (scenario book)")
    parser.add_argument("--cita", help="a cita id the caller must be refused (scenario refused)")
    parser.add_argument(
        "--mode",
        default="auto",
        choices=["auto", "legacy", "2026-07-28"],
        help="protocol negotiation: auto (server/discover, then initialize if refused; the SDK's "
        "default), legacy (initialize handshake only) or 2026-07-28 (stateless, no probe)",
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds for the whole scenario (default 60)")
    args = parser.parse_args(argv)
    if args.scenario == "book":
        if not args.date:
            parser.error("--scenario book needs --date YYYY-MM-DD")
        try:
            datetime.strptime(args.date, "%Y-%m-%d")
        except ValueError:
            parser.error(f"--date {args.date!r} is not YYYY-MM-DD")
    if args.scenario == "refused" and not args.cita:
        parser.error("--scenario refused needs --cita ID")
    return args


def leaves(error: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups, or the exception itself."""
    if isinstance(error, BaseExceptionGroup):
        found: list[BaseException] = []
        for inner in error.exceptions:
            found.extend(leaves(inner))
        return found
    return [error]


def describe(error: BaseException) -> str:
    parts = [f"{type(e).__name__}: {e}" for e in leaves(error)]
    return "; ".join(parts) or type(error).__name__


def shown(url: str) -> str:
    """The URL without what follows the first path segment: the rest may be a capability."""
    parts = urlsplit(url)
    segments = [segment for segment in parts.path.split("/") if segment]
    path = f"/{segments[0]}" if segments else "/"
    if len(segments) > 1:
        path += "/…"
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{path}"


def result_text(result: Any) -> str:
    return " ".join(getattr(block, "text", "") for block in result.content if getattr(block, "text", None)).strip()


def result_data(name: str, result: Any) -> dict[str, Any]:
    """The structured result of a tool call that must succeed."""
    if result.is_error:
        raise Expectation(f"{name} was refused: {result_text(result) or '(no text)'}")
    data = result.structured_content
    if data is None:
        # A server may put the JSON only in the text content.
        try:
            data = json.loads(result_text(result))
        except ValueError as error:
            raise Expectation(f"{name} gave no structuredContent and no JSON text") from error
    if not isinstance(data, dict):
        raise Expectation(f"{name} gave structuredContent that is not an object: {data!r}")
    return data


def field(name: str, data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise Expectation(f"{name}: expected «{key}» to be {kind.__name__}, got {value!r}")
    return value


def same_instant(a: str, b: str) -> bool:
    try:
        return datetime.fromisoformat(a) == datetime.fromisoformat(b)
    except ValueError:
        return a == b


async def call(client: Any, name: str, arguments: dict[str, Any]) -> Any:
    log(f"tools/call {name} {json.dumps(arguments, ensure_ascii=False)}")
    return await client.call_tool(name, arguments)


async def scenario_tools(client: Any, args: argparse.Namespace, out: dict[str, Any]) -> None:
    listed = await client.list_tools()
    out["tools"] = [tool.name for tool in listed.tools]
    if not out["tools"]:
        raise Expectation("the server lists no tools")


async def scenario_book(client: Any, args: argparse.Namespace, out: dict[str, Any]) -> None:
    services = field("list_services", result_data("list_services", await call(client, "list_services", {})), "services", list)
    if not services:
        raise Expectation("list_services gave no services")
    service = services[0]
    out["service"] = {"id": service.get("id"), "name": service.get("name")}
    service_ids = [service["id"]]

    found = result_data(
        "find_free_times", await call(client, "find_free_times", {"serviceIds": service_ids, "date": args.date})
    )
    times = field("find_free_times", found, "times", list)
    out["freeTimes"] = len(times)
    if len(times) < 2:
        raise Expectation(f"find_free_times gave {len(times)} times on {args.date}; the scenario needs two")
    first, second = times[0], times[1]

    booking = {
        "serviceIds": service_ids,
        "start": first["start"],
        "staffId": first.get("staffId"),
        "client": CLIENT,
        "idempotencyKey": IDEMPOTENCY_KEY,
    }
    booking = {key: value for key, value in booking.items() if value is not None}
    cita = field("book_cita", result_data("book_cita", await call(client, "book_cita", booking)), "cita", dict)
    cita_id = field("book_cita", cita, "id", str)
    out["cita"] = {"id": cita_id, "status": cita.get("status"), "start": cita.get("start"), "staffName": cita.get("staffName")}
    if cita.get("start") and not same_instant(cita["start"], first["start"]):
        raise Expectation(f"book_cita booked {cita['start']}, not the time asked for, {first['start']}")

    again = field("book_cita", result_data("book_cita (again)", await call(client, "book_cita", booking)), "cita", dict)
    out["idempotentId"] = again.get("id")
    if again.get("id") != cita_id:
        raise Expectation(f"book_cita with the same idempotencyKey gave cita {again.get('id')!r}, not {cita_id!r}")

    move = {"citaId": cita_id, "start": second["start"], "staffId": second.get("staffId")}
    move = {key: value for key, value in move.items() if value is not None}
    moved = field("move_cita", result_data("move_cita", await call(client, "move_cita", move)), "cita", dict)
    out["moved"] = {"id": moved.get("id"), "start": moved.get("start")}
    if moved.get("id") != cita_id:
        raise Expectation(f"move_cita answered cita {moved.get('id')!r}, not {cita_id!r}")
    if not same_instant(str(moved.get("start")), second["start"]):
        raise Expectation(f"move_cita left the cita at {moved.get('start')}, not {second['start']}")

    cancelled = field(
        "cancel_cita", result_data("cancel_cita", await call(client, "cancel_cita", {"citaId": cita_id})), "cita", dict
    )
    out["cancelled"] = {"id": cancelled.get("id"), "status": cancelled.get("status")}
    if cancelled.get("id") != cita_id:
        raise Expectation(f"cancel_cita answered cita {cancelled.get('id')!r}, not {cita_id!r}")


async def scenario_refused(client: Any, args: argparse.Namespace, out: dict[str, Any]) -> None:
    listed = await call(client, "list_citas", {})
    if listed.is_error:
        out["listCitas"] = {"isError": True, "text": result_text(listed)}
    else:
        citas = field("list_citas", result_data("list_citas", listed), "citas", list)
        ids = [c.get("id") for c in citas if isinstance(c, dict)]
        out["listCitas"] = {"isError": False, "count": len(ids), "listsTheCita": args.cita in ids}
        if args.cita in ids:
            raise Expectation(f"list_citas shows cita {args.cita}, which this caller must not see")

    refused = await call(client, "cancel_cita", {"citaId": args.cita})
    out["cancelCita"] = {"isError": bool(refused.is_error), "text": result_text(refused)}
    if not refused.is_error:
        raise Expectation(f"cancel_cita on {args.cita} was not refused")
    if not out["cancelCita"]["text"]:
        raise Expectation("cancel_cita was refused without a sentence saying why")


SCENARIOS = {"tools": scenario_tools, "book": scenario_book, "refused": scenario_refused}


async def run(args: argparse.Namespace) -> tuple[int, dict[str, Any]]:
    try:
        import httpx2
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client
    except ImportError as error:
        return EXIT_UNREACHABLE, {
            "error": f"the MCP SDK is not installed ({error}); run `make mcp-venv` "
            "(pip install -r crates/citabot-server/tests/mcp/requirements.txt)"
        }

    statuses: list[int] = []

    async def record(response: Any) -> None:
        statuses.append(response.status_code)

    headers = {"Authorization": f"Bearer {args.bearer}"} if args.bearer else None
    http = httpx2.AsyncClient(
        headers=headers, timeout=httpx2.Timeout(10.0, read=30.0), event_hooks={"response": [record]}
    )
    out: dict[str, Any] = {}
    connected = False
    try:
        async with http:
            transport = streamable_http_client(args.url, http_client=http)
            async with Client(transport, mode=args.mode) as client:
                connected = True
                out["protocolVersion"] = client.protocol_version
                info = client.server_info
                out["server"] = {"name": info.name, "version": info.version} if info is not None else None
                if args.scenario == "unauthorised":
                    raise Expectation("the connection succeeded; HTTP 401 was expected")
                await SCENARIOS[args.scenario](client, args, out)
    except Expectation as failed:
        out["httpStatuses"] = statuses
        return EXIT_FAILED, {**out, "error": str(failed)}
    except BaseException as error:  # the SDK raises exception groups from its task groups
        if isinstance(error, KeyboardInterrupt):
            raise
        found = leaves(error)
        expectation = next((e for e in found if isinstance(e, Expectation)), None)
        if expectation is not None:
            out["httpStatuses"] = statuses
            return EXIT_FAILED, {**out, "error": str(expectation)}
        out["httpStatuses"] = statuses
        if args.scenario == "unauthorised" and not connected:
            if 401 in statuses:
                return EXIT_OK, {**out, "refusedWith": 401}
            if not statuses:
                return EXIT_UNREACHABLE, {**out, "error": f"cannot reach {shown(args.url)}: {describe(error)}"}
            return EXIT_FAILED, {**out, "error": f"the connection failed, but not with HTTP 401: {describe(error)}"}
        if not statuses:
            return EXIT_UNREACHABLE, {**out, "error": f"cannot reach {shown(args.url)}: {describe(error)}"}
        where = "while connecting" if not connected else f"in scenario {args.scenario}"
        return EXIT_FAILED, {**out, "error": f"{where}: {describe(error)}"}
    out["httpStatuses"] = statuses
    return EXIT_OK, out


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    try:
        code, out = asyncio.run(asyncio.wait_for(run(args), timeout=args.timeout))
    except (TimeoutError, asyncio.TimeoutError):
        code, out = EXIT_FAILED, {"error": f"the scenario took longer than {args.timeout:g} s"}
    report = {"ok": code == EXIT_OK, "scenario": args.scenario, "url": shown(args.url), **out}
    print(json.dumps(report, ensure_ascii=False))
    if code != EXIT_OK:
        log(report.get("error", "failed"))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
