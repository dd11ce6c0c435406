//! The game store (issue 17): every test runs against SQLite, and against PostgreSQL too
//! when `PONYCCG_TEST_POSTGRES` names a database server (`.ci/postgres.sh` starts one and
//! prints its URL), each test in a database of its own made there.

use ponyccg_server::store::{Holder, Location, Store, StoreError, StoredSeat, StoredTable};
use sqlx::Connection;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh, empty store location on each backend that is available.
async fn locations(name: &str) -> Vec<Location> {
    let mut out = vec![Location::Sqlite(tmp_file(name))];
    if let Some(pg) = fresh_postgres(name).await {
        out.push(pg);
    }
    out
}

fn tmp_file(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("games.sqlite")
}

static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// A new database on the PostgreSQL server `PONYCCG_TEST_POSTGRES` names, if it is set.
pub async fn fresh_postgres(name: &str) -> Option<Location> {
    let admin = std::env::var("PONYCCG_TEST_POSTGRES").ok()?;
    sqlx::any::install_default_drivers();
    let db = format!(
        "ponyccg_{name}_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::SeqCst)
    )
    .replace('-', "_");
    let mut c = sqlx::AnyConnection::connect(&admin).await.unwrap();
    sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {db}"))
        .execute(&mut c)
        .await
        .unwrap();
    sqlx::raw_sql(&format!("CREATE DATABASE {db}"))
        .execute(&mut c)
        .await
        .unwrap();
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin.as_str(), String::new()),
    };
    let (server, _) = base.rsplit_once('/').unwrap();
    Some(Location::Postgres(format!("{server}/{db}{query}")))
}

fn table(code: &str, over: bool) -> StoredTable {
    StoredTable {
        code: code.into(),
        seed: 7,
        catalogue: "cat".into(),
        seats: vec![
            StoredSeat::Person {
                token: "t0".into(),
                name: "Ann".into(),
            },
            StoredSeat::Ai {
                kind: "heuristic".into(),
            },
        ],
        decks: vec![None, None],
        replay: None,
        over,
        private: false,
        casual: true,
        clock_ms: Some(vec![1000, 2000]),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_stored_whole_and_read_back() {
    for loc in locations("roundtrip").await {
        let s = Store::open(&loc).await.unwrap();
        let mut t = table("abc234", false);
        s.save(&t).await.unwrap();
        assert_eq!(s.load("abc234").await.unwrap(), Some(t.clone()), "{loc}");
        t.clock_ms = Some(vec![5, 6]);
        t.over = true;
        s.save(&t).await.unwrap();
        s.save(&table("zzz999", false)).await.unwrap();
        assert_eq!(s.load("abc234").await.unwrap(), Some(t.clone()), "{loc}");
        assert_eq!(s.load("nope").await.unwrap(), None);
        let all = s.load_all().await.unwrap();
        assert_eq!(all.len(), 2, "{loc}");
        assert_eq!(all[0], t);
        assert_eq!(s.holder("abc234").await.unwrap(), Holder::Over, "{loc}");
        assert_eq!(s.holder("zzz999").await.unwrap(), Holder::Me, "{loc}");
        assert_eq!(s.holder("nope").await.unwrap(), Holder::Missing);
        s.close().await;
    }
}

/// kill -9 in miniature: a server that is gone (its connections closed, as the kernel
/// closes a killed process's) leaves its unfinished tables to the next, at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_servers_unfinished_tables_are_taken_at_once_by_the_next() {
    for loc in locations("gone").await {
        let a = Store::open(&loc).await.unwrap();
        a.save(&table("aaaaaa", false)).await.unwrap();
        a.save(&table("bbbbbb", true)).await.unwrap();
        a.close().await;
        let b = Store::open(&loc).await.unwrap();
        assert_eq!(
            b.orphans().await.unwrap(),
            vec!["aaaaaa".to_string()],
            "{loc}"
        );
        assert_eq!(b.holder("aaaaaa").await.unwrap(), Holder::Free, "{loc}");
        assert_eq!(
            b.claim("aaaaaa").await.unwrap(),
            Some(table("aaaaaa", false))
        );
        assert_eq!(b.holder("aaaaaa").await.unwrap(), Holder::Me, "{loc}");
        assert!(b.orphans().await.unwrap().is_empty());
        // A finished game is nobody's to take; it is still there to be replayed.
        assert_eq!(b.claim("bbbbbb").await.unwrap(), None);
        assert!(b.load("bbbbbb").await.unwrap().is_some());
        // Stopped in good order: given up, so the next server takes it.
        b.release_all().await.unwrap();
        b.close().await;
        let c = Store::open(&loc).await.unwrap();
        assert_eq!(
            c.orphans().await.unwrap(),
            vec!["aaaaaa".to_string()],
            "{loc}"
        );
        c.close().await;
    }
}

/// Two running servers on one PostgreSQL database: each table is written by its owner
/// only; another server asks for it and gets it when the owner hands it over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_running_servers_never_both_write_a_table() {
    let Some(loc) = fresh_postgres("two").await else {
        eprintln!("PONYCCG_TEST_POSTGRES is not set: PostgreSQL not tested");
        return;
    };
    let a = Store::open(&loc).await.unwrap();
    let b = Store::open(&loc).await.unwrap();
    a.save(&table("tttttt", false)).await.unwrap();
    assert!(a.alive(b.id()).await.unwrap() && b.alive(a.id()).await.unwrap());
    assert_eq!(
        b.holder("tttttt").await.unwrap(),
        Holder::Other(a.id().to_string())
    );
    // B can neither take it nor write it.
    assert!(b.orphans().await.unwrap().is_empty());
    assert_eq!(b.claim("tttttt").await.unwrap(), None);
    let mut changed = table("tttttt", false);
    changed.seed = 99;
    assert!(matches!(
        b.save(&changed).await,
        Err(StoreError::NotOwner { .. })
    ));
    assert_eq!(
        b.load("tttttt").await.unwrap(),
        Some(table("tttttt", false))
    );
    // B asks; A hands it over; then only B writes it.
    b.want("tttttt").await.unwrap();
    assert_eq!(
        a.wanted_from_me().await.unwrap(),
        vec!["tttttt".to_string()]
    );
    // Once A lets go, the server that asked takes it, not a third.
    a.release("tttttt").await.unwrap();
    let c = Store::open(&loc).await.unwrap();
    assert_eq!(c.claim("tttttt").await.unwrap(), None, "B asked first");
    assert!(b.claim("tttttt").await.unwrap().is_some());
    b.save(&changed).await.unwrap();
    assert!(matches!(
        a.save(&table("tttttt", false)).await,
        Err(StoreError::NotOwner { .. })
    ));
    assert_eq!(b.load("tttttt").await.unwrap(), Some(changed));
    // B is killed (its connections close): A takes the table at once.
    let b_id = b.id().to_string();
    b.close().await;
    // The database ends B's session (and frees its lock) a moment after it is closed.
    let start = std::time::Instant::now();
    while a.alive(&b_id).await.unwrap() {
        assert!(start.elapsed().as_secs() < 10, "B's lock is still held");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(a.alive(c.id()).await.unwrap());
    assert_eq!(a.orphans().await.unwrap(), vec!["tttttt".to_string()]);
    assert!(a.claim("tttttt").await.unwrap().is_some());
    assert_eq!(c.claim("tttttt").await.unwrap(), None);
    a.check_held().await.unwrap();
    a.close().await;
    c.close().await;
}

/// An SQLite file serves one server process: a second is refused with a clear message,
/// not let in to write the same games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_sqlite_file_is_refused() {
    let loc = Location::Sqlite(tmp_file("second"));
    let a = Store::open(&loc).await.unwrap();
    // Refused from the moment the first server has opened the file, before any game.
    let err = Store::open(&loc).await.err().expect("refused");
    assert!(matches!(err, StoreError::InUse { .. }), "{err}");
    a.save(&table("aaaaaa", false)).await.unwrap();
    assert!(
        err.to_string().contains("in use by another ponyccg server"),
        "{err}"
    );
    a.close().await;
    // Once the first is gone, the file opens.
    let b = Store::open(&loc).await.unwrap();
    assert!(b.claim("aaaaaa").await.unwrap().is_some());
    b.close().await;
}

/// A file written by an earlier server (no owner columns) opens with every game in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_file_from_before_owners_opens_with_its_games() {
    let path = tmp_file("old");
    {
        sqlx::any::install_default_drivers();
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
        sqlx::raw_sql(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE ponyccg_tables (code TEXT PRIMARY KEY, body TEXT NOT NULL,
                 over INTEGER NOT NULL);",
        )
        .execute(&mut c)
        .await
        .unwrap();
        for (code, over) in [("oldone", false), ("oldtwo", true)] {
            sqlx::query("INSERT INTO ponyccg_tables (code, body, over) VALUES ($1, $2, $3)")
                .bind(code)
                .bind(serde_json::to_string(&table(code, over)).unwrap())
                .bind(over)
                .execute(&mut c)
                .await
                .unwrap();
        }
        c.close().await.unwrap();
    }
    let s = Store::open(&Location::Sqlite(path.clone())).await.unwrap();
    assert_eq!(s.load_all().await.unwrap().len(), 2);
    assert_eq!(s.orphans().await.unwrap(), vec!["oldone".to_string()]);
    assert_eq!(
        s.claim("oldone").await.unwrap(),
        Some(table("oldone", false))
    );
    s.save(&table("oldone", true)).await.unwrap();
    s.close().await;
    let s = Store::open(&Location::Sqlite(path)).await.unwrap();
    assert_eq!(s.load("oldone").await.unwrap(), Some(table("oldone", true)));
    s.close().await;
}

#[test]
fn a_store_location_is_a_file_unless_it_is_a_postgres_url() {
    assert_eq!(
        Location::parse("games.sqlite"),
        Location::Sqlite("games.sqlite".into())
    );
    assert_eq!(
        Location::parse("sqlite:dir/g.db"),
        Location::Sqlite("dir/g.db".into())
    );
    assert_eq!(Location::parse(":memory:"), Location::Memory);
    assert_eq!(
        Location::parse("postgresql://pony@db/games?host=/run/x").to_string(),
        "postgresql://pony@db/games?host=/run/x"
    );
    let pg = Location::parse("postgres://pony:secret@db.example:5432/games");
    assert!(matches!(pg, Location::Postgres(_)));
    // A password is never shown in a message.
    assert_eq!(pg.to_string(), "postgres://pony:***@db.example:5432/games");
}

/// A bad URL, or a database that isn't there, is one clear error, not a panic.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_store_is_one_clear_error() {
    for bad in [
        "postgres://pony:secret@127.0.0.1:1/games",
        "postgres://[::1",
        "postgresql://pony@127.0.0.1:notaport/games",
    ] {
        let err = Store::open(&Location::parse(bad))
            .await
            .err()
            .expect("refused");
        let text = err.to_string();
        assert!(text.starts_with("game store postgres"), "{text}");
        assert!(!text.contains("secret"), "{text}");
    }
    let dir = tmp_file("baddir");
    let err = Store::open(&Location::Sqlite(dir.join("no/such/dir/g.sqlite")))
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("no/such/dir"), "{err}");
}

/// How many decisions a second each backend stores (each decision is one write of the
/// whole table, as the server does). Printed, not asserted: run with `--nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decisions_stored_per_second() {
    for loc in locations("rate").await {
        let s = Store::open(&loc).await.unwrap();
        let mut t = table("rate00", false);
        // A game's seats and options; the replay's choices grow with every write.
        t.seats.push(StoredSeat::Open);
        let n = 200;
        let start = std::time::Instant::now();
        for i in 0..n {
            t.seed = i;
            s.save(&t).await.unwrap();
        }
        let secs = start.elapsed().as_secs_f64();
        let kind = match loc {
            Location::Postgres(_) => "PostgreSQL",
            Location::Sqlite(_) | Location::Memory => "SQLite",
        };
        println!("{kind}: {:.0} decisions stored per second", n as f64 / secs);
        s.close().await;
    }
}
