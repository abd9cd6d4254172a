//! Accounts as versions before the email key (issue 10) stored them, and what each address is
//! once the start-up step has folded them. Each adapter opens a database with only its older
//! migrations and hands it to [`legacy_emails_fold_once`], with its `migrate()`.

use citabot_domain::account::Email;
use time::OffsetDateTime;
use time::macros::datetime;

use crate::identity::EmailFold;
use crate::sql::{SqlBackend, SqlConn, SqlTx};
use crate::{Store, StoreError};

/// When the first legacy account was created.
pub const LEGACY_T0: OffsetDateTime = datetime!(2026-11-01 10:00 UTC);

/// `(id, email as stored, seconds after [`LEGACY_T0`] it was created)`.
pub const LEGACY_USERS: &[(&str, &str, i64)] = &[
    // A look-alike created first (a squatter) and the plain address created later.
    ("u-ana-lookalike", "ａｎａ@ejemplo.es", 0),
    ("u-ana", "ana@ejemplo.es", 60),
    // Alone once folded: takes the plain form.
    ("u-bea", "ＢＥＡ@ejemplo.es", 0),
    ("u-luis", "Luis@Ejemplo.es", 0),
    // Twins by case only, neither in the plain form: the oldest keeps the address.
    ("u-marta-old", "MARTA@ejemplo.es", 0),
    ("u-marta-new", "Marta@ejemplo.es", 60),
    // No longer an address anyone can sign in with.
    ("u-pepe", "pe\u{200b}pe@ejemplo.es", 0),
];

/// `(id, email)` after the fold, by id.
pub const FOLDED_EMAILS: &[(&str, &str)] = &[
    ("u-ana", "ana@ejemplo.es"),
    (
        "u-ana-lookalike",
        "ａｎａ@ejemplo.es [apartada u-ana-lookalike]",
    ),
    ("u-bea", "bea@ejemplo.es"),
    ("u-luis", "luis@ejemplo.es"),
    ("u-marta-new", "Marta@ejemplo.es [apartada u-marta-new]"),
    ("u-marta-old", "marta@ejemplo.es"),
    ("u-pepe", "pe\u{200b}pe@ejemplo.es [apartada u-pepe]"),
];

/// Writes [`LEGACY_USERS`] (and a session of the squatter's) into `store`, whose schema is from
/// before the email key, then runs `migrate` twice: both times the emails must be
/// [`FOLDED_EMAILS`], the set-aside account signed out, and the plain address found.
pub async fn legacy_emails_fold_once<B: SqlBackend>(
    store: &B,
    migrate: impl AsyncFn() -> Result<Vec<EmailFold>, StoreError>,
) {
    let mut tx = store.write().await.expect("a transaction");
    for (id, email, seconds) in LEGACY_USERS {
        tx.execute(
            "INSERT INTO users (id, email, password_hash, first_name, last_name, role, \
             created_at) VALUES ($1, $2, 'hash', 'Ana', 'López', 'cliente', $3)",
            crate::args![*id, *email, LEGACY_T0 + time::Duration::seconds(*seconds)],
        )
        .await
        .expect("a legacy row");
    }
    tx.execute(
        "INSERT INTO auth_sessions (token_hash, user_id, csrf_token, created_at, expires_at) \
         VALUES ('h1', 'u-ana-lookalike', 'c', $1, $2)",
        crate::args![LEGACY_T0, LEGACY_T0 + time::Duration::days(1)],
    )
    .await
    .expect("a session");
    tx.commit().await.expect("commit");

    let expected: Vec<(String, String)> = FOLDED_EMAILS
        .iter()
        .map(|(id, email)| ((*id).to_owned(), (*email).to_owned()))
        .collect();
    for run in ["first", "second"] {
        migrate().await.expect("migrate");
        let mut conn = store.connection().await.expect("a connection");
        let mut emails: Vec<(String, String)> = conn
            .all("SELECT id, email FROM users", &[])
            .await
            .expect("read");
        emails.sort();
        assert_eq!(emails, expected, "{run} run");
    }
    let mut conn = store.connection().await.expect("a connection");
    let (sessions,): (i64,) = conn
        .one("SELECT count(*) FROM auth_sessions", &[])
        .await
        .expect("count");
    assert_eq!(sessions, 0, "a set-aside account is signed out");
    let bea = Email::parse("ＢＥＡ@ejemplo.es").expect("valid");
    let found = store.user_credentials(&bea).await.expect("read");
    assert_eq!(found.map(|c| c.user.id).as_deref(), Some("u-bea"));
}
