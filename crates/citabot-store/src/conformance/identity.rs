//! Accounts as versions before the email key (issue 10) stored them, and what each address is
//! once the start-up step has folded them. Each adapter writes these rows with its own SQL
//! under its older migrations, runs its `migrate()` and compares.

use time::OffsetDateTime;
use time::macros::datetime;

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
