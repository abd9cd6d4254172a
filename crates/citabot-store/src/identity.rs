//! The one-off fold of stored account emails into the key [`Email::parse`] makes today (issue
//! 10: NFKC, then lower case; invisible characters and mixed scripts refused).
//!
//! Rows written before that key may spell one address several ways ("ａｎａ@…" beside
//! "ana@…"), or hold an address nobody can sign in with any more. SQL can only lower-case (the
//! migration `20261126000008_identity.sql` does where no other row differs only by case);
//! the rest is Rust, run by each adapter's `migrate()` right after the SQL migrations, in one
//! transaction. It is idempotent: a second run finds nothing to change.
//!
//! What happens to each account, decided here once for both databases:
//! - alone with its key: its email becomes the key;
//! - several accounts with one key: the one already stored in the plain form keeps the
//!   address, else the oldest (a look-alike squatted first must not win the real address);
//!   the others are *set aside*;
//! - an email that is no address under today's rules: set aside.
//!
//! A set-aside account keeps its row, its citas and its conversations; its email becomes
//! `"<email as stored> [apartada <id>]"`, which is never an address (it has spaces) and is
//! unique (the id), so nobody can sign in to it or sign up as it, and its sessions end. The
//! server logs each one (by id); whoever runs it can give the account an address by hand in
//! the database, since no API changes an email today.

use std::collections::BTreeMap;

use citabot_domain::account::Email;
use time::OffsetDateTime;

/// An account's email as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEmail {
    pub user_id: String,
    pub email: String,
    pub created_at: OffsetDateTime,
}

/// Why an account's email changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldReason {
    /// It became its key; no other account has it.
    Normalised,
    /// Another account (`EmailFold::kept_by`) keeps the key.
    Collides,
    /// It is no address any more (invisible characters, mixed scripts, a bad shape).
    Unreadable,
}

/// One account's email change, in the order the fold applies them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailFold {
    pub user_id: String,
    pub from: String,
    pub to: String,
    pub reason: FoldReason,
    /// For [`FoldReason::Collides`]: the account that keeps the address.
    pub kept_by: Option<String>,
}

impl EmailFold {
    /// Whether the account can no longer sign in (its email is no address).
    pub fn sets_aside(&self) -> bool {
        self.reason != FoldReason::Normalised
    }
}

/// The email a set-aside account gets.
pub fn set_aside_form(email: &str, user_id: &str) -> String {
    format!("{email}{}", set_aside_mark(user_id))
}

fn set_aside_mark(user_id: &str) -> String {
    format!(" [apartada {user_id}]")
}

/// The changes that fold `rows`: set-asides first, so that the key is free when its keeper
/// takes it, then the renames. Empty when every row already holds its key.
pub fn plan_email_folds(rows: &[StoredEmail]) -> Vec<EmailFold> {
    let mut by_key: BTreeMap<String, Vec<&StoredEmail>> = BTreeMap::new();
    let mut set_aside = Vec::new();
    for row in rows {
        if row.email.ends_with(&set_aside_mark(&row.user_id)) {
            continue;
        }
        match Email::parse(&row.email) {
            Ok(key) => by_key.entry(key.as_str().to_owned()).or_default().push(row),
            Err(_) => set_aside.push(fold(
                row,
                set_aside_form(&row.email, &row.user_id),
                FoldReason::Unreadable,
                None,
            )),
        }
    }
    let mut renames = Vec::new();
    for (key, mut accounts) in by_key {
        accounts.sort_by(|a, b| {
            (a.email != key, a.created_at, &a.user_id).cmp(&(
                b.email != key,
                b.created_at,
                &b.user_id,
            ))
        });
        let (keeper, others) = accounts.split_first().expect("a key has an account");
        for other in others {
            set_aside.push(fold(
                other,
                set_aside_form(&other.email, &other.user_id),
                FoldReason::Collides,
                Some(keeper.user_id.clone()),
            ));
        }
        if keeper.email != key {
            renames.push(fold(keeper, key, FoldReason::Normalised, None));
        }
    }
    set_aside.extend(renames);
    set_aside
}

fn fold(row: &StoredEmail, to: String, reason: FoldReason, kept_by: Option<String>) -> EmailFold {
    EmailFold {
        user_id: row.user_id.clone(),
        from: row.email.clone(),
        to,
        reason,
        kept_by,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-01 10:00 UTC);

    fn row(id: &str, email: &str, minutes: i64) -> StoredEmail {
        StoredEmail {
            user_id: id.to_owned(),
            email: email.to_owned(),
            created_at: T0 + Duration::minutes(minutes),
        }
    }

    fn changes(folds: &[EmailFold]) -> Vec<(&str, &str, FoldReason)> {
        folds
            .iter()
            .map(|fold| (fold.user_id.as_str(), fold.to.as_str(), fold.reason))
            .collect()
    }

    #[test]
    fn rows_in_their_key_need_nothing() {
        let rows = [
            row("a", "ana@ejemplo.es", 0),
            row("b", "luis@ejemplo.es", 1),
        ];
        assert_eq!(plan_email_folds(&rows), []);
    }

    #[test]
    fn the_plain_form_keeps_the_address_even_when_younger() {
        let rows = [
            row("squatter", "ａｎａ@ejemplo.es", 0),
            row("ana", "ana@ejemplo.es", 5),
        ];
        let folds = plan_email_folds(&rows);
        assert_eq!(
            changes(&folds),
            [(
                "squatter",
                "ａｎａ@ejemplo.es [apartada squatter]",
                FoldReason::Collides
            )]
        );
        assert_eq!(folds[0].kept_by.as_deref(), Some("ana"));
        assert!(folds[0].sets_aside());
        assert!(Email::parse(&folds[0].to).is_err(), "never an address");
    }

    #[test]
    fn without_a_plain_form_the_oldest_keeps_it_and_is_renamed_last() {
        let rows = [
            row("new", "ＡＮＡ@ejemplo.es", 9),
            row("old", "Ana@Ejemplo.es", 0),
            row("alone", "ＢＥＡ@ejemplo.es", 0),
        ];
        assert_eq!(
            changes(&plan_email_folds(&rows)),
            [
                (
                    "new",
                    "ＡＮＡ@ejemplo.es [apartada new]",
                    FoldReason::Collides
                ),
                ("old", "ana@ejemplo.es", FoldReason::Normalised),
                ("alone", "bea@ejemplo.es", FoldReason::Normalised),
            ]
        );
    }

    #[test]
    fn unreadable_rows_are_set_aside_once() {
        let rows = [row("pepe", "pe\u{200b}pe@ejemplo.es", 0)];
        let folds = plan_email_folds(&rows);
        assert_eq!(
            changes(&folds),
            [(
                "pepe",
                "pe\u{200b}pe@ejemplo.es [apartada pepe]",
                FoldReason::Unreadable
            )]
        );
        let after = [row("pepe", &folds[0].to, 0)];
        assert_eq!(plan_email_folds(&after), [], "idempotent");
    }
}
