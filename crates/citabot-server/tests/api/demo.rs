//! Demo data (REQUIREMENTS B6): written once into an empty database, with working accounts.

use citabot_domain::account::Role;

use crate::helpers::{Backend, TestApp};

async fn demo_is_seeded_once_and_its_accounts_sign_in(backend: Backend) {
    let Some(app) = TestApp::spawn_on(backend, |_| {}).await else {
        return;
    };
    let accounts = citabot_server::demo::seed_if_empty(app.store.as_ref(), app.clock.as_ref())
        .await
        .expect("seeds")
        .expect("the database was empty");
    let roles: Vec<Role> = accounts.iter().map(|account| account.role).collect();
    assert_eq!(roles, [Role::Administrador, Role::Usuario, Role::Cliente]);

    let business = app.store.business().await.expect("reads").expect("saved");
    assert_eq!(business.time_zone, "Europe/Madrid");
    let services = app.store.services().await.expect("reads");
    assert!((6..=10).contains(&services.len()), "{}", services.len());
    assert_eq!(app.store.staff().await.expect("reads").len(), 2);
    let marta = &accounts[2];
    let client = app
        .store
        .clients_by_email(&marta.email)
        .await
        .expect("reads")
        .into_iter()
        .next()
        .expect("the demo cliente has a client record");
    assert!(client.user_id.is_some());

    for account in &accounts {
        app.sign_in(&account.email, &account.password).await;
    }
    assert!(
        citabot_server::demo::seed_if_empty(app.store.as_ref(), app.clock.as_ref())
            .await
            .expect("checks")
            .is_none(),
        "a second start writes nothing"
    );
    assert_eq!(
        app.store.services().await.expect("reads").len(),
        services.len()
    );
}

#[tokio::test]
async fn demo_is_seeded_once_on_sqlite() {
    demo_is_seeded_once_and_its_accounts_sign_in(Backend::Sqlite).await;
}

#[tokio::test]
async fn demo_is_seeded_once_on_postgres() {
    demo_is_seeded_once_and_its_accounts_sign_in(Backend::Postgres).await;
}
