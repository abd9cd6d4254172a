//! API keys (issue 21): made, listed and revoked by an administrador in the dashboard or on the
//! command line, and checked on every `/api` request that carries one.
//!
//! A key acts as the account that made it, with the key's role, but never with more than that
//! account has now: taking someone off the staff takes their keys' power too, and lowering an
//! administrador to usuario lowers their administrador keys. A key made on the command line has
//! no account: it acts as a stand-in staff member (id `key:<id>`, first name the key's name),
//! which nothing may write where an account's id belongs (see [`ActingKey::account_id`]).

use citabot_domain::account::Role;
use citabot_domain::text::{NameRefusal, one_line_name};
use citabot_store::{ApiKey, NewApiKey, Store, StoreError, User};
use time::{Duration, OffsetDateTime};

use crate::auth::api_keys::{self as key_text, MintedKey};
use crate::auth::tokens;

/// The longest name a key may have, in characters.
pub const KEY_NAME_MAX_CHARS: usize = 80;

/// How old a key's last use may be before a request notes it again: the list shows it to the
/// minute, and a busy key is not written once a request.
pub const LAST_USED_PRECISION: Duration = Duration::minutes(1);

/// How many fresh ids are drawn when one is taken (a one in four thousand million chance each).
const ID_ATTEMPTS: usize = 3;

/// Who makes a key.
#[derive(Debug, Clone, Copy)]
pub struct Maker<'a> {
    /// The strongest role the new key may have: the maker's own.
    pub role: Role,
    /// The account that makes it; `None` on the command line and for a command-line key.
    pub account: Option<&'a str>,
    /// The key the request came with, when a program makes it.
    pub via_key: Option<&'a str>,
}

impl Maker<'static> {
    /// `citabot key add`: whoever may run the server's command line may make any key.
    pub const COMMAND_LINE: Self = Maker {
        role: Role::Administrador,
        account: None,
        via_key: None,
    };
}

/// Why a key was not made.
#[derive(Debug, thiserror::Error)]
pub enum KeyRefusal {
    #[error("the key's name {0}")]
    Name(NameRefusal),
    #[error("an API key's role is usuario or administrador")]
    NotStaff,
    /// A key stronger than whoever makes it.
    #[error("a key cannot have a stronger role than whoever makes it")]
    Stronger,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A key just made: `text` is the only time anyone sees it.
#[derive(Debug)]
pub struct CreatedKey {
    pub text: String,
    pub key: ApiKey,
}

/// Makes a key named `name` with `role`.
pub async fn create(
    store: &dyn Store,
    maker: Maker<'_>,
    name: &str,
    role: Role,
    now: OffsetDateTime,
) -> Result<CreatedKey, KeyRefusal> {
    let name = checked_name_for(maker, name, role)?;
    let mut attempts = 0;
    loop {
        attempts += 1;
        let MintedKey { id, text, hash } = key_text::mint();
        let new = NewApiKey {
            id: &id,
            name: &name,
            role,
            secret_hash: &hash,
            created_by: maker.account,
            created_by_key: maker.via_key,
            created_at: now,
        };
        match store.create_api_key(&new).await {
            Ok(key) => return Ok(CreatedKey { text, key }),
            Err(StoreError::Conflict(_)) if attempts < ID_ATTEMPTS => {}
            Err(error) => return Err(error.into()),
        }
    }
}

/// The new key's name, checked, when `maker` may make a key with `role`.
fn checked_name_for(maker: Maker<'_>, name: &str, role: Role) -> Result<String, KeyRefusal> {
    let name = one_line_name(name, KEY_NAME_MAX_CHARS).map_err(KeyRefusal::Name)?;
    if !role.is_staff() {
        return Err(KeyRefusal::NotStaff);
    }
    if rank(role) > rank(maker.role) {
        return Err(KeyRefusal::Stronger);
    }
    Ok(name)
}

/// Every key, revoked ones too, the newest first.
pub async fn list(store: &dyn Store) -> Result<Vec<ApiKey>, StoreError> {
    store.api_keys().await
}

/// Revokes key `id` from now on; `false` when there is no such key. Revoking a revoked key
/// changes nothing and is no error.
pub async fn revoke(store: &dyn Store, id: &str, now: OffsetDateTime) -> Result<bool, StoreError> {
    store.revoke_api_key(id, now).await
}

/// A request's key, checked: who it acts as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActingKey {
    /// The key's short id.
    pub id: String,
    /// Its maker's account with the key's role, or a command-line key's stand-in.
    pub user: User,
    /// Whether [`Self::user`] is a stand-in, with no account behind it.
    stand_in: bool,
}

impl ActingKey {
    /// The account the key acts for; `None` for a command-line key, whose stand-in id must not
    /// be written where an account's id belongs (a take-over, a staff message, what was read).
    pub fn account_id(&self) -> Option<&str> {
        (!self.stand_in).then_some(self.user.id.as_str())
    }
}

/// Why a key does not authenticate; all are 401, and the sentence may differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyUnusable {
    /// Not a key's shape.
    Malformed,
    /// No key has that id, or its secret is not that key's.
    Unknown,
    Revoked,
    /// The account that made it is no longer staff.
    MakerNotStaff,
}

/// Why a request's key was not taken.
#[derive(Debug)]
pub enum KeyCheckFailed {
    Unusable(KeyUnusable),
    Store(StoreError),
}

impl From<StoreError> for KeyCheckFailed {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// Checks the key `text` a request came with, and notes its use (at most once a
/// [`LAST_USED_PRECISION`]).
pub async fn authenticate(
    store: &dyn Store,
    text: &str,
    now: OffsetDateTime,
) -> Result<ActingKey, KeyCheckFailed> {
    let unusable = KeyCheckFailed::Unusable;
    let id = key_text::id_of(text).ok_or(unusable(KeyUnusable::Malformed))?;
    let key = store
        .api_key(id)
        .await?
        .ok_or(unusable(KeyUnusable::Unknown))?;
    if !tokens::same_secret(&tokens::token_hash(text), &key.secret_hash) {
        return Err(unusable(KeyUnusable::Unknown));
    }
    if key.revoked_at.is_some() {
        return Err(unusable(KeyUnusable::Revoked));
    }
    let acting = acting(&key).ok_or(unusable(KeyUnusable::MakerNotStaff))?;
    let stale = now - LAST_USED_PRECISION;
    if key.last_used_at.is_none_or(|used| used < stale) {
        // Noting the use is bookkeeping: a failure is logged, not a refusal of the request.
        if let Err(error) = store.touch_api_key(&key.id, now, stale).await {
            tracing::warn!(api_key = %key.id, %error, "cannot note the API key's use");
        }
    }
    Ok(acting)
}

/// Who `key` acts as: its maker with the weaker of the two roles, or a command-line key's
/// stand-in; `None` when its maker is no longer staff.
fn acting(key: &ApiKey) -> Option<ActingKey> {
    let (user, stand_in) = match &key.created_by {
        Some(maker) if !maker.role.is_staff() => return None,
        Some(maker) => {
            let role = if rank(maker.role) < rank(key.role) {
                maker.role
            } else {
                key.role
            };
            (
                User {
                    role,
                    ..maker.clone()
                },
                false,
            )
        }
        None => (
            User {
                id: format!("key:{}", key.id),
                email: String::new(),
                first_name: key.name.clone(),
                last_name: String::new(),
                phone: None,
                role: key.role,
                created_at: key.created_at,
            },
            true,
        ),
    };
    Some(ActingKey {
        id: key.id.clone(),
        user,
        stand_in,
    })
}

/// How much a role may do, to compare two.
fn rank(role: Role) -> u8 {
    match role {
        Role::Cliente => 0,
        Role::Usuario => 1,
        Role::Administrador => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const T0: OffsetDateTime = datetime!(2026-11-20 09:30 UTC);

    fn account(role: Role) -> User {
        User {
            id: "u-lucia".into(),
            email: "lucia@ejemplo.es".into(),
            first_name: "Lucía".into(),
            last_name: "Gómez".into(),
            phone: None,
            role,
            created_at: T0,
        }
    }

    fn key(role: Role, maker: Option<User>) -> ApiKey {
        ApiKey {
            id: "0123abcd".into(),
            name: "n8n".into(),
            role,
            secret_hash: "0".repeat(64),
            created_by: maker,
            created_by_key: None,
            created_at: T0,
            last_used_at: None,
            revoked_at: None,
        }
    }

    #[test]
    fn a_key_acts_as_its_maker_with_the_weaker_role() {
        let usuario_key = acting(&key(Role::Usuario, Some(account(Role::Administrador))));
        let acting_user = usuario_key.as_ref().map(|acting| &acting.user);
        assert_eq!(acting_user, Some(&account(Role::Usuario)));
        assert_eq!(
            usuario_key.as_ref().and_then(ActingKey::account_id),
            Some("u-lucia")
        );
        let demoted_maker = acting(&key(Role::Administrador, Some(account(Role::Usuario))));
        assert_eq!(
            demoted_maker.map(|acting| acting.user.role),
            Some(Role::Usuario)
        );
        assert_eq!(
            acting(&key(Role::Administrador, Some(account(Role::Cliente)))),
            None,
            "a maker taken off the staff takes the key's power with them"
        );
    }

    #[test]
    fn a_command_line_key_acts_as_a_stand_in_without_an_account() {
        let acting = acting(&key(Role::Administrador, None)).expect("usable");
        assert_eq!(acting.user.id, "key:0123abcd");
        assert_eq!(acting.user.first_name, "n8n");
        assert_eq!(acting.user.role, Role::Administrador);
        assert_eq!(acting.account_id(), None);
    }

    #[test]
    fn no_maker_makes_a_key_stronger_than_themselves_or_a_cliente_s() {
        let usuario = Maker {
            role: Role::Usuario,
            account: Some("u-javier"),
            via_key: Some("0123abcd"),
        };
        assert!(matches!(
            checked_name_for(usuario, "n8n", Role::Administrador),
            Err(KeyRefusal::Stronger)
        ));
        assert_eq!(
            checked_name_for(usuario, " Jose\u{301} ", Role::Usuario).ok(),
            Some("José".to_owned())
        );
        for role in [Role::Usuario, Role::Administrador] {
            assert!(checked_name_for(Maker::COMMAND_LINE, "n8n", role).is_ok());
        }
        assert!(matches!(
            checked_name_for(Maker::COMMAND_LINE, "n8n", Role::Cliente),
            Err(KeyRefusal::NotStaff)
        ));
        for (name, refusal) in [
            ("  ", NameRefusal::Missing),
            ("n8n\nfalso", NameRefusal::HiddenCharacters),
            ("n8n\u{202e}", NameRefusal::HiddenCharacters),
        ] {
            assert!(
                matches!(
                    checked_name_for(Maker::COMMAND_LINE, name, Role::Usuario),
                    Err(KeyRefusal::Name(got)) if got == refusal
                ),
                "{name:?}"
            );
        }
        assert!(checked_name_for(Maker::COMMAND_LINE, &"ñ".repeat(80), Role::Usuario).is_ok());
        assert!(checked_name_for(Maker::COMMAND_LINE, &"ñ".repeat(81), Role::Usuario).is_err());
    }

    #[test]
    fn roles_are_ranked() {
        assert!(rank(Role::Cliente) < rank(Role::Usuario));
        assert!(rank(Role::Usuario) < rank(Role::Administrador));
    }
}
