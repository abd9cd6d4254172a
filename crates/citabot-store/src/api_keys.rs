//! API keys in the storage port (issue 21): what a program (an n8n workflow, a script) signs its
//! `/api` requests with. The store keeps a key's public short id, its name and role, who made
//! it and when it was last used or revoked, and only the SHA-256 of its secret: what a key
//! looks like, and how it is checked, is the server's business.

use async_trait::async_trait;
use citabot_domain::account::Role;
use time::OffsetDateTime;

use crate::{StoreError, User};

/// An API key as stored, without any way back to its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKey {
    /// The short public id, unique: it names the key in lists and logs, and the secret is
    /// looked up by it.
    pub id: String,
    pub name: String,
    /// `usuario` or `administrador`, never `cliente`.
    pub role: Role,
    /// The hex SHA-256 of the whole key.
    pub secret_hash: String,
    /// The account that made it (in the dashboard); `None` for a key made on the command
    /// line, which has no account.
    pub created_by: Option<User>,
    /// The key whose request made this one, when a program made it.
    pub created_by_key: Option<String>,
    pub created_at: OffsetDateTime,
    pub last_used_at: Option<OffsetDateTime>,
    pub revoked_at: Option<OffsetDateTime>,
}

/// A key to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewApiKey<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub role: Role,
    pub secret_hash: &'a str,
    /// An account's id; `None` from the command line (or from a key that has no account).
    pub created_by: Option<&'a str>,
    pub created_by_key: Option<&'a str>,
    pub created_at: OffsetDateTime,
}

/// The columns of a key as adapters select them, by position (sqlx reads flat tuples): `id,
/// name, role, secret_hash, created_by_key, created_at, last_used_at, revoked_at`, then its
/// creator's account as [`UserColumns`](crate::UserColumns) from a LEFT JOIN, all NULL for a
/// key without one.
pub type ApiKeyColumns = (
    String,
    String,
    String,
    String,
    Option<String>,
    OffsetDateTime,
    Option<OffsetDateTime>,
    Option<OffsetDateTime>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<OffsetDateTime>,
);

impl ApiKey {
    /// Rebuilds a key from its stored columns; a role that is not staff, or half an account,
    /// means corrupt data.
    pub fn from_columns(columns: ApiKeyColumns) -> Result<Self, StoreError> {
        let (
            id,
            name,
            role,
            secret_hash,
            created_by_key,
            created_at,
            last_used_at,
            revoked_at,
            user_id,
            email,
            first_name,
            last_name,
            phone,
            user_role,
            user_created_at,
        ) = columns;
        let role = Role::parse(&role)
            .filter(|role| role.is_staff())
            .ok_or_else(|| StoreError::Corrupt(format!("API key role {role:?}")))?;
        let created_by = match (
            user_id,
            email,
            first_name,
            last_name,
            user_role,
            user_created_at,
        ) {
            (None, None, None, None, None, None) => None,
            (
                Some(user_id),
                Some(email),
                Some(first_name),
                Some(last_name),
                Some(user_role),
                Some(user_created_at),
            ) => Some(User::from_columns((
                user_id,
                email,
                first_name,
                last_name,
                phone,
                user_role,
                user_created_at,
            ))?),
            _ => {
                return Err(StoreError::Corrupt(format!(
                    "API key {id:?}: its creator's account is incomplete"
                )));
            }
        };
        Ok(Self {
            id,
            name,
            role,
            secret_hash,
            created_by,
            created_by_key,
            created_at,
            last_used_at,
            revoked_at,
        })
    }
}

#[async_trait]
pub trait ApiKeyStore: Send + Sync {
    /// Stores a new key; [`StoreError::Conflict`] when its short id is taken.
    async fn create_api_key(&self, key: &NewApiKey<'_>) -> Result<ApiKey, StoreError>;

    /// Every key, revoked ones included, the newest first.
    async fn api_keys(&self) -> Result<Vec<ApiKey>, StoreError>;

    /// The key with this short id, revoked or not.
    async fn api_key(&self, id: &str) -> Result<Option<ApiKey>, StoreError>;

    /// Revokes a key at `at` (a key revoked before keeps its first revocation); `false` when
    /// there is no such key.
    async fn revoke_api_key(&self, id: &str, at: OffsetDateTime) -> Result<bool, StoreError>;

    /// Notes that the key was used at `at`, unless its last use noted is at or after
    /// `unless_since` (so a busy key is written about once a minute, not once a request); `true`
    /// when it wrote.
    async fn touch_api_key(
        &self,
        id: &str,
        at: OffsetDateTime,
        unless_since: OffsetDateTime,
    ) -> Result<bool, StoreError>;
}
