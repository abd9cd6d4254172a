"""A real SMTP server for citabot's mail tests (aiosmtpd), keeping what it accepts.

Every accepted message is written to --out as one JSON file (envelope, raw data, whether the
session was encrypted and who logged in), renamed into place only when complete, so a test that
counts files never reads half of one. Once listening, the script prints `ready <port>` on
standard output.

    python sink.py --out DIR [--port 0] [--tls none|starttls|implicit --cert C --key K]
                   [--login USER:PASSWORD] [--fail N] [--stall]

--fail N answers 451 to the next N messages; --stall never answers a message (a server that
hangs, to stop the sender mid-delivery) and says so with a `<pid>.stalled` file.
"""

import argparse
import asyncio
import email
import email.policy
import itertools
import json
import os
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Sink:
    def __init__(self, out, fail, stall):
        self.out = out
        self.fail = fail
        self.stall = stall
        self.numbers = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        if self.stall:
            # Says it holds a message (a `.stalled` file, not counted as accepted), then never
            # answers.
            open(os.path.join(self.out, f"{os.getpid()}.stalled"), "w").close()
            await asyncio.Event().wait()
        if self.fail > 0:
            self.fail -= 1
            return "451 4.3.0 Try again later (test sink)"
        number = next(self.numbers)
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "data": envelope.content.decode("utf-8", errors="replace"),
            # STARTTLS sets `session.ssl`; implicit TLS shows on the transport only.
            "tls": session.ssl is not None
            or server.transport.get_extra_info("ssl_object") is not None,
            "login": login_name(session),
            **decoded(envelope.content),
        }
        path = os.path.join(self.out, f"{os.getpid()}-{number:05}.json")
        with open(path + ".part", "w", encoding="utf-8") as file:
            json.dump(record, file)
        os.replace(path + ".part", path)
        return "250 2.0.0 Kept"


def decoded(content):
    """The headers a test looks at and each part's content, decoded (RFC 2047 words,
    quoted-printable, base64), so tests compare text and not encodings."""
    message = email.message_from_bytes(content, policy=email.policy.default)
    parts = []
    for part in message.walk():
        if part.is_multipart():
            parts.append({"type": part.get_content_type()})
            continue
        parts.append(
            {
                "type": part.get_content_type(),
                "params": dict(part["content-type"].params) if part["content-type"] else {},
                "filename": part.get_filename(),
                "content": part.get_content(),
            }
        )
    return {
        "subject": str(message["subject"]),
        "from": str(message["from"]),
        "to": str(message["to"]),
        "message_id": str(message["message-id"]),
        "parts": parts,
    }


def login_name(session):
    data = session.auth_data
    if isinstance(data, LoginPassword):
        return data.login.decode("utf-8", errors="replace")
    return None


def checker(user, password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == user
            and auth_data.password.decode() == password
        )
        # Kept on the session as `auth_data`, so the record says who logged in.
        # handled=False: aiosmtpd answers a refusal itself (535).
        return AuthResult(success=ok, handled=False, auth_data=auth_data)

    return authenticate


async def serve(args):
    handler = Sink(args.out, args.fail, args.stall)
    context = None
    if args.tls != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
    options = {"hostname": "sink.test", "decode_data": False}
    if args.tls == "starttls":
        # Nothing is accepted before STARTTLS: a test passing here was encrypted.
        options.update(tls_context=context, require_starttls=True)
    if args.login:
        user, password = args.login.split(":", 1)
        options.update(
            authenticator=checker(user, password),
            auth_required=True,
            # aiosmtpd counts only STARTTLS as TLS; an implicit-TLS session is encrypted too.
            auth_require_tls=args.tls == "starttls",
        )
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(handler, **options),
        host="127.0.0.1",
        port=args.port,
        ssl=context if args.tls == "implicit" else None,
    )
    port = server.sockets[0].getsockname()[1]
    print(f"ready {port}", flush=True)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--login")
    parser.add_argument("--fail", type=int, default=0)
    parser.add_argument("--stall", action="store_true")
    args = parser.parse_args()
    if args.tls != "none" and not (args.cert and args.key):
        parser.error("--tls needs --cert and --key")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
