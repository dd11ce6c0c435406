//! `ponyccg serve` as a real process, over real sockets (issue 17): a server killed with
//! `kill -9` mid-game comes back with both players where they were; a hostile client can't
//! see hidden cards, act for the other seat or out of turn, or bring the server down; undo,
//! chess clocks, abandoned games, replays and stored games from other rules.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

struct Server {
    child: Child,
    addr: String,
    stderr: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ponyccg-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Starts `ponyccg serve` on a free port with the store in `dir`.
fn serve(dir: &Path, extra: &[&str]) -> Server {
    let file = dir.join("games.sqlite");
    serve_at(dir, file.to_str().unwrap(), extra)
}

/// Starts `ponyccg serve` on a free port with the store `store` (a file or a URL); its
/// stderr is kept in `dir`.
fn serve_at(dir: &Path, store: &str, extra: &[&str]) -> Server {
    let stderr = dir.join(format!(
        "stderr-{}.txt",
        Instant::now().elapsed().as_nanos()
    ));
    let mut child = Command::new(env!("CARGO_BIN_EXE_ponyccg"))
        .args(["serve", "--addr", "127.0.0.1:0", "--store", store])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| {
            panic!(
                "no address in {line:?}; stderr: {}",
                std::fs::read_to_string(&stderr).unwrap_or_default()
            )
        })
        .to_string();
    Server {
        child,
        addr,
        stderr,
    }
}

/// One HTTP request: status and body.
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .ok();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = out.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, body.to_string())
}

fn post(addr: &str, path: &str, body: Value) -> Value {
    let (status, text) = http(addr, "POST", path, Some(&body));
    assert_eq!(status, 200, "{path}: {text}");
    serde_json::from_str(&text).unwrap()
}

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(addr: &str, code: &str, token: Option<&str>) -> Ws {
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let (ws, _) = tungstenite::connect(format!("ws://{addr}/ws/{code}{q}")).unwrap();
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    }
    ws
}

fn next(ws: &mut Ws) -> Value {
    loop {
        match ws.read().expect("a message") {
            Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
            Message::Binary(_) | Message::Close(_) => panic!("closed"),
        }
    }
}

/// Reads until an update satisfies `f` (updates come after every change).
fn until(ws: &mut Ws, f: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(60), "no such update");
        let m = next(ws);
        if m["type"] == "update" && f(&m) {
            return m;
        }
    }
}

fn send(ws: &mut Ws, m: Value) {
    ws.send(Message::text(m.to_string())).unwrap();
}

fn refused(ws: &mut Ws) -> String {
    loop {
        let m = next(ws);
        if m["type"] == "refused" {
            return m["message"].as_str().unwrap().to_string();
        }
    }
}

/// A table for two people: who made it and who joined.
fn two_people(addr: &str, extra: Value) -> (String, [String; 2]) {
    let mut req = json!({"name": "Ann", "deck": "theme:applejack", "opponent": "person",
        "seat": "first", "seed": 4242});
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    let a = post(addr, "/api/tables", req);
    let code = a["code"].as_str().unwrap().to_string();
    let b = post(
        addr,
        &format!("/api/tables/{code}/join"),
        json!({"name": "Bob", "deck": "theme:rarity"}),
    );
    assert_eq!(a["seat"], 0);
    assert_eq!(b["seat"], 1);
    (
        code,
        [
            a["token"].as_str().unwrap().to_string(),
            b["token"].as_str().unwrap().to_string(),
        ],
    )
}

/// Plays `n` decisions from decision `from`, by whichever seat is asked, always its first
/// choice. (Updates may be merged when changes come quickly; the latest is always sent.)
fn play(ws: &mut [Ws; 2], from: u64, n: u64) {
    for step in from..from + n {
        let mut who = None;
        for (i, w) in ws.iter_mut().enumerate() {
            let u = latest(w, step);
            if let Some(d) = u["decision"].as_u64() {
                who = Some((i, d));
            }
        }
        let (i, d) = who.expect("one seat decides");
        assert_eq!(d, step);
        send(
            &mut ws[i],
            json!({"type": "decide", "decision": d, "choice": 0}),
        );
    }
}

fn latest(ws: &mut Ws, decisions: u64) -> Value {
    until(ws, |u| u["choices_made"].as_u64() == Some(decisions))
}

/// A new database on the PostgreSQL server `PONYCCG_TEST_POSTGRES` names (`.ci/postgres.sh`
/// starts one and prints its URL), or `None` when it is not set.
fn postgres(name: &str) -> Option<String> {
    let Ok(admin) = std::env::var("PONYCCG_TEST_POSTGRES") else {
        eprintln!("PONYCCG_TEST_POSTGRES is not set: the PostgreSQL store is not tested");
        return None;
    };
    let db = format!("ponyccg_serve_{name}_{}", std::process::id());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(&admin).await.unwrap();
        for sql in [
            format!("DROP DATABASE IF EXISTS {db}"),
            format!("CREATE DATABASE {db}"),
        ] {
            sqlx::raw_sql(&sql).execute(&mut c).await.unwrap();
        }
    });
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b.to_string(), format!("?{q}")),
        None => (admin.clone(), String::new()),
    };
    let (server, _) = base.rsplit_once('/').unwrap();
    Some(format!("{server}/{db}{query}"))
}

fn kill_9(server: &mut Server) {
    Command::new("kill")
        .args(["-9", &server.child.id().to_string()])
        .status()
        .unwrap();
    server.child.wait().unwrap();
}

/// Connects, trying again while the server answers that the table is being moved to it.
fn connect_when_moved(addr: &str, code: &str, token: Option<&str>) -> Ws {
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let start = Instant::now();
    loop {
        match tungstenite::connect(format!("ws://{addr}/ws/{code}{q}")) {
            Ok((ws, _)) => {
                if let MaybeTlsStream::Plain(s) = ws.get_ref() {
                    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
                }
                return ws;
            }
            Err(tungstenite::Error::Http(r)) if r.status() == 503 => {
                assert!(start.elapsed() < Duration::from_secs(20), "never moved");
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(e) => panic!("{addr}: {e}"),
        }
    }
}

/// Reads until the server closes the socket.
fn wait_closed(ws: &mut Ws) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        match ws.read() {
            Ok(Message::Close(_)) | Err(_) => return,
            Ok(_) => continue,
        }
    }
    panic!("the socket stayed open");
}

#[test]
fn kill_9_mid_game_then_restart_both_players_continue_where_they_were() {
    let dir = tmp_dir("kill9");
    let store = dir.join("games.sqlite");
    kill_9_then_restart(&dir, store.to_str().unwrap());
}

#[test]
fn postgres_kill_9_mid_game_then_restart_both_players_continue_where_they_were() {
    if let Some(url) = postgres("kill9") {
        kill_9_then_restart(&tmp_dir("pg-kill9"), &url);
    }
}

/// Two servers share one PostgreSQL database: a table is served by one of them at a
/// time. Asked at the other, it is handed over (the first closes its sockets; the clients
/// reconnect to the second, where the game is); when its owner is killed, the other takes
/// it at once.
#[test]
fn postgres_two_servers_serve_each_table_from_one_and_take_over_when_its_owner_dies() {
    let Some(url) = postgres("two") else {
        return;
    };
    let dir = tmp_dir("pg-two");
    let a = serve_at(&dir, &url, &[]);
    let mut b = serve_at(&dir, &url, &[]);
    let (code, tokens) = two_people(&a.addr, json!({}));
    let mut ws = [
        connect(&a.addr, &code, Some(&tokens[0])),
        connect(&a.addr, &code, Some(&tokens[1])),
    ];
    play(&mut ws, 0, 4);
    let before: Vec<Value> = ws.iter_mut().map(|w| latest(w, 4)).collect();
    // Asked at B while A serves it: refused for the moment (B can't write A's table).
    let (status, body) = http(&b.addr, "GET", &format!("/ws/{code}"), None);
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("being moved"), "{body}");
    // A hands it over: its sockets close, and B serves the game where it was.
    for w in ws.iter_mut() {
        wait_closed(w);
    }
    for (i, b4) in before.iter().enumerate() {
        let mut w = connect_when_moved(&b.addr, &code, Some(&tokens[i]));
        let after = until(&mut w, |_| true);
        assert_eq!(after["view"], b4["view"], "seat {i}");
        assert_eq!(after["choices_made"], 4);
    }
    let mut wb = [
        connect(&b.addr, &code, Some(&tokens[0])),
        connect(&b.addr, &code, Some(&tokens[1])),
    ];
    play(&mut wb, 4, 2);
    let last: Vec<Value> = wb.iter_mut().map(|w| latest(w, 6)).collect();
    // B is killed: A takes the table at once and both players go on there.
    kill_9(&mut b);
    drop(wb);
    for (i, l) in last.iter().enumerate() {
        let mut w = connect_when_moved(&a.addr, &code, Some(&tokens[i]));
        let after = until(&mut w, |_| true);
        assert_eq!(after["view"], l["view"], "seat {i}");
        assert_eq!(after["decision"], l["decision"], "seat {i}");
        assert_eq!(after["choices_made"], 6);
    }
    let mut wa = [
        connect(&a.addr, &code, Some(&tokens[0])),
        connect(&a.addr, &code, Some(&tokens[1])),
    ];
    play(&mut wa, 6, 1);
    latest(&mut wa[0], 7);
}

fn kill_9_then_restart(dir: &Path, store: &str) {
    let mut server = serve_at(dir, store, &[]);
    let (code, tokens) = two_people(&server.addr, json!({}));
    let mut ws = [
        connect(&server.addr, &code, Some(&tokens[0])),
        connect(&server.addr, &code, Some(&tokens[1])),
    ];
    play(&mut ws, 0, 12);
    let before: Vec<Value> = ws.iter_mut().map(|w| latest(w, 12)).collect();
    // SIGKILL: no chance to save anything on the way out.
    kill_9(&mut server);
    drop(ws);
    let server = serve_at(dir, store, &[]);
    for (i, b) in before.iter().enumerate() {
        let mut w = connect(&server.addr, &code, Some(&tokens[i]));
        let after = until(&mut w, |_| true);
        assert_eq!(after["view"], b["view"], "seat {i} sees the same board");
        assert_eq!(after["decision"], b["decision"], "seat {i}");
        assert_eq!(after["choices"], b["choices"], "seat {i}");
        assert_eq!(after["choices_made"], 12);
    }
    // And the game goes on from there.
    let mut ws = [
        connect(&server.addr, &code, Some(&tokens[0])),
        connect(&server.addr, &code, Some(&tokens[1])),
    ];
    play(&mut ws, 12, 1);
    latest(&mut ws[0], 13);
}

#[test]
fn a_hostile_client_sees_no_hidden_card_cannot_act_for_the_other_seat_and_cannot_crash_the_server()
{
    let dir = tmp_dir("hostile");
    let server = serve(&dir, &[]);
    let addr = server.addr.clone();
    let (code, tokens) = two_people(&addr, json!({}));
    let mut ann = connect(&addr, &code, Some(&tokens[0]));
    let mut bob = connect(&addr, &code, Some(&tokens[1]));
    let mut spy = connect(&addr, &code, None);
    let a = until(&mut ann, |u| !u["view"].is_null());
    let b = until(&mut bob, |u| !u["view"].is_null());
    let s = until(&mut spy, |u| !u["view"].is_null());
    // Hidden cards (rule 401: a hand is hidden to the others): only the seat's own hand.
    assert!(a["view"]["players"][0]["hand"].is_array());
    assert!(a["view"]["players"][1]["hand"].is_null());
    assert!(b["view"]["players"][0]["hand"].is_null());
    assert!(s["view"]["players"][0]["hand"].is_null() && s["view"]["players"][1]["hand"].is_null());
    assert!(s["decision"].is_null() && s["choices"].as_array().unwrap().is_empty());
    let text = s.to_string() + &b.to_string();
    for c in a["view"]["players"][0]["hand"].as_array().unwrap() {
        let number = c["number"].as_str().unwrap();
        // The spectator's and the opponent's messages never name Ann's hand... unless
        // the same card is public somewhere (a shared Problem, say).
        if !a["view"]["areas"].to_string().contains(number) {
            assert!(!text.contains(&format!("\"{number}\"")), "{number} leaked");
        }
    }
    // Whose decision is it?
    let (mut mover, mut other, d) = match (a["decision"].as_u64(), b["decision"].as_u64()) {
        (Some(d), None) => (ann, bob, d),
        (None, Some(d)) => (bob, ann, d),
        x => panic!("exactly one seat decides: {x:?}"),
    };
    // Acting for the other seat, or out of turn, is refused.
    send(
        &mut other,
        json!({"type": "decide", "decision": d, "choice": 0}),
    );
    assert!(refused(&mut other).contains("not your decision"));
    send(
        &mut spy,
        json!({"type": "decide", "decision": d, "choice": 0}),
    );
    assert!(refused(&mut spy).contains("spectator"));
    // A stale or future decision number, or a choice out of range.
    send(
        &mut mover,
        json!({"type": "decide", "decision": d + 1, "choice": 0}),
    );
    assert!(refused(&mut mover).contains("not the current decision"));
    send(
        &mut mover,
        json!({"type": "decide", "decision": d, "choice": 999_999}),
    );
    assert!(refused(&mut mover).contains("out of range"));
    send(
        &mut mover,
        json!({"type": "decide", "decision": d, "choice": -1}),
    );
    assert!(refused(&mut mover).contains("unreadable"));
    // Malformed messages.
    for bad in [
        "",
        "{",
        "null",
        "[1,2]",
        "{\"type\":\"decide\"}",
        "{\"type\":\"win\"}",
        "{\"type\":\"decide\",\"decision\":0,\"choice\":0,\"extra\":1}",
        "\u{0}\u{ffff}",
    ] {
        mover.send(Message::text(bad)).unwrap();
        assert!(refused(&mut mover).contains("unreadable"), "{bad:?}");
    }
    mover.send(Message::binary(vec![0u8; 16])).unwrap();
    assert!(refused(&mut mover).contains("JSON"));
    // Undo answered by the one who asked, or with nothing asked, is refused.
    send(&mut other, json!({"type": "answer_undo", "accept": true}));
    assert!(refused(&mut other).contains("no undo"));
    // A huge message closes that connection only.
    let huge = format!(
        "{{\"type\":\"decide\",\"pad\":\"{}\"}}",
        "x".repeat(1 << 20)
    );
    let _ = mover.send(Message::text(huge));
    let closed = (0..10).any(|_| mover.read().is_err());
    assert!(closed, "the huge message's connection is closed");
    // A token that holds no seat is refused; a huge lobby request is refused.
    let (status, _) = http(&addr, "GET", &format!("/ws/{code}?token=guess"), None);
    assert_eq!(status, 403);
    let big = json!({"deck": "x".repeat(100_000), "opponent": "random"});
    let (status, _) = http(&addr, "POST", "/api/tables", Some(&big));
    assert_eq!(status, 413);
    // The server is still there, and the game unchanged: the honest move still works.
    let (status, _) = http(&addr, "GET", "/api/lobby", None);
    assert_eq!(status, 200);
    let seat = if a["decision"].is_null() { 1 } else { 0 };
    let mut mover = connect(&addr, &code, Some(&tokens[seat]));
    let u = until(&mut mover, |_| true);
    assert_eq!(u["decision"].as_u64(), Some(d));
    send(
        &mut mover,
        json!({"type": "decide", "decision": d, "choice": 0}),
    );
    until(&mut other, |u| u["choices_made"].as_u64() == Some(d + 1));
}

#[test]
fn undo_against_the_ai_at_once_and_between_people_with_consent() {
    let dir = tmp_dir("undo");
    let server = serve(&dir, &[]);
    let addr = server.addr.clone();
    // Against the AI: done at once, back at the same decision.
    let t = post(
        &addr,
        "/api/tables",
        json!({"deck": "theme:applejack", "opponent": "heuristic",
        "ai_deck": "theme:rarity", "seat": "first", "seed": 9}),
    );
    let mut me = connect(&addr, t["code"].as_str().unwrap(), t["token"].as_str());
    let first = until(&mut me, |u| !u["decision"].is_null());
    let d = first["decision"].as_u64().unwrap();
    send(
        &mut me,
        json!({"type": "decide", "decision": d, "choice": 0}),
    );
    let after = until(&mut me, |u| u["decision"].as_u64().is_some_and(|n| n > d));
    assert!(after["choices_made"].as_u64() > first["choices_made"].as_u64());
    send(&mut me, json!({"type": "undo"}));
    let back = until(&mut me, |u| u["decision"].as_u64() == Some(d));
    assert_eq!(back["view"], first["view"]);
    assert_eq!(back["choices"], first["choices"]);
    // Between people: asked, then agreed by the other seat.
    let (code, tokens) = two_people(&addr, json!({}));
    let mut ws = [
        connect(&addr, &code, Some(&tokens[0])),
        connect(&addr, &code, Some(&tokens[1])),
    ];
    play(&mut ws, 0, 3);
    let mark: Vec<Value> = ws.iter_mut().map(|w| latest(w, 3)).collect();
    let asker = (0..2).find(|&i| mark[i]["decision"].is_null()).unwrap_or(0);
    let answerer = 1 - asker;
    send(&mut ws[asker], json!({"type": "undo"}));
    until(&mut ws[answerer], |u| u["undo_asked_by"] == json!(asker));
    send(
        &mut ws[answerer],
        json!({"type": "answer_undo", "accept": true}),
    );
    let u = until(&mut ws[asker], |u| {
        u["undo_asked_by"].is_null() && u["choices_made"].as_u64() < Some(3)
    });
    assert!(u["decision"].is_u64(), "the asker decides again: {u}");
    // Not in a game that isn't casual.
    let (code, tokens) = two_people(&addr, json!({"casual": false}));
    let mut w = [
        connect(&addr, &code, Some(&tokens[0])),
        connect(&addr, &code, Some(&tokens[1])),
    ];
    play(&mut w, 0, 2);
    send(&mut w[0], json!({"type": "undo"}));
    assert!(refused(&mut w[0]).contains("casual"));
}

#[test]
fn a_fallen_flag_and_an_abandoned_game_are_game_losses_and_replays_show_either_side() {
    let dir = tmp_dir("clock");
    let server = serve(&dir, &["--abandon-after", "2"]);
    let addr = server.addr.clone();
    // Chess clock: 0.02 minutes for each player; Ann is connected but never moves.
    let (code, tokens) = two_people(&addr, json!({"clock_minutes": 0.02}));
    let mut ann = connect(&addr, &code, Some(&tokens[0]));
    let mut bob = connect(&addr, &code, Some(&tokens[1]));
    let u = until(&mut ann, |u| u["clock_ms"].is_array());
    let deciding = u["view"]["deciding"].as_u64().unwrap();
    let over = until(&mut bob, |u| !u["view"]["outcome"].is_null());
    assert_eq!(
        over["view"]["outcome"]["Win"]["winner"].as_u64(),
        Some(1 - deciding),
        "{}",
        over["view"]["outcome"]
    );
    assert!(
        over["log"].to_string().contains("ran out of time"),
        "{}",
        over["log"]
    );
    // Abandoned: nobody connects to the AI game, whose first decision is the person's.
    let t = post(
        &addr,
        "/api/tables",
        json!({"deck": "theme:applejack", "opponent": "random",
        "ai_deck": "theme:rarity", "seat": "first", "seed": 3}),
    );
    let gone = t["code"].as_str().unwrap();
    std::thread::sleep(Duration::from_millis(3500));
    let mut spy = connect(&addr, gone, None);
    let u = until(&mut spy, |_| true);
    assert_eq!(
        u["view"]["outcome"]["Win"]["winner"], 1,
        "{}",
        u["view"]["outcome"]
    );
    assert!(u["log"].to_string().contains("left the game"));
    // The finished clock game as a replay, from either side, at any step.
    let (status, body) = http(
        &addr,
        "GET",
        &format!("/api/tables/{code}/replay?side=1&step=0"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(r["step"], 0);
    assert!(
        r["view"]["players"][1]["hand"].is_array() && r["view"]["players"][0]["hand"].is_null()
    );
    let (status, body) = http(
        &addr,
        "GET",
        &format!("/api/tables/{code}/replay?side=spectator"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    let r: Value = serde_json::from_str(&body).unwrap();
    assert!(r["view"]["players"][0]["hand"].is_null() && r["view"]["players"][1]["hand"].is_null());
    // Continue from its start against the AI.
    let c = post(
        &addr,
        &format!("/api/tables/{code}/continue"),
        json!({"side": 0, "step": 0, "opponent": "random"}),
    );
    let mut me = connect(&addr, c["code"].as_str().unwrap(), c["token"].as_str());
    let u = until(&mut me, |_| true);
    assert!(u["view"]["outcome"].is_null());
}

#[test]
fn replays_of_a_game_in_play_show_only_your_own_side() {
    let dir = tmp_dir("replay-live");
    let server = serve(&dir, &[]);
    let addr = server.addr.clone();
    let (code, tokens) = two_people(&addr, json!({}));
    let path =
        |side: &str, token: &str| format!("/api/tables/{code}/replay?side={side}&token={token}");
    assert_eq!(http(&addr, "GET", &path("1", ""), None).0, 403);
    assert_eq!(http(&addr, "GET", &path("1", &tokens[0]), None).0, 403);
    assert_eq!(http(&addr, "GET", &path("1", &tokens[1]), None).0, 200);
    assert_eq!(http(&addr, "GET", &path("spectator", ""), None).0, 200);
    assert_eq!(http(&addr, "GET", &path("2", ""), None).0, 400);
    // Nor may a spectator continue a game in play as one of its seats.
    let (status, _) = http(
        &addr,
        "POST",
        &format!("/api/tables/{code}/continue"),
        Some(&json!({"side": 1, "step": 0, "opponent": "random"})),
    );
    assert_eq!(status, 403);
}

#[test]
fn a_stored_game_from_other_rules_is_refused_with_a_clear_message() {
    let dir = tmp_dir("rules");
    let server = serve(&dir, &[]);
    let (code, _) = two_people(&server.addr, json!({}));
    drop(server);
    let db = rusqlite::Connection::open(dir.join("games.sqlite")).unwrap();
    let body: String = db
        .query_row(
            "SELECT body FROM ponyccg_tables WHERE code = ?1",
            [&code],
            |r| r.get(0),
        )
        .unwrap();
    let mut v: Value = serde_json::from_str(&body).unwrap();
    v["replay"]["rules"] = 999_999.into();
    db.execute(
        "UPDATE ponyccg_tables SET body = ?1 WHERE code = ?2",
        [v.to_string(), code.clone()],
    )
    .unwrap();
    drop(db);
    let server = serve(&dir, &[]);
    let err = std::fs::read_to_string(&server.stderr).unwrap();
    assert!(
        err.contains(&code) && err.contains("rules version 999999"),
        "{err}"
    );
    // The server runs; the table is not played, and its replay says why.
    let (status, body) = http(
        &server.addr,
        "GET",
        &format!("/api/tables/{code}/replay"),
        None,
    );
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("rules version 999999"), "{body}");
    let (status, body) = http(&server.addr, "GET", &format!("/ws/{code}"), None);
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("rules version 999999"), "{body}");
}

#[test]
fn kill_9_against_the_ai_brings_the_game_back_at_the_persons_decision() {
    let dir = tmp_dir("kill9ai");
    let mut server = serve(&dir, &[]);
    let t = post(
        &server.addr,
        "/api/tables",
        json!({"deck": "theme:rarity", "opponent": "heuristic",
            "ai_deck": "theme:applejack", "seat": "first", "seed": 21}),
    );
    let code = t["code"].as_str().unwrap().to_string();
    let token = t["token"].as_str().unwrap().to_string();
    let mut ws = connect(&server.addr, &code, Some(&token));
    let mut last = until(&mut ws, |u| u["decision"].is_u64());
    for _ in 0..6 {
        let d = last["decision"].as_u64().unwrap();
        send(
            &mut ws,
            json!({"type": "decide", "decision": d, "choice": 0}),
        );
        last = until(&mut ws, |u| u["decision"].as_u64().is_some_and(|n| n > d));
    }
    Command::new("kill")
        .args(["-9", &server.child.id().to_string()])
        .status()
        .unwrap();
    server.child.wait().unwrap();
    let server = serve(&dir, &[]);
    let mut w = connect(&server.addr, &code, Some(&token));
    let after = until(&mut w, |_| true);
    assert_eq!(after["decision"], last["decision"]);
    assert_eq!(after["view"], last["view"]);
    assert_eq!(after["choices"], last["choices"]);
}

#[test]
fn every_deck_the_lobby_offers_is_accepted_for_a_table() {
    let dir = tmp_dir("lobby-decks");
    let server = serve(&dir, &[]);
    let (status, body) = http(&server.addr, "GET", "/api/lobby", None);
    assert_eq!(status, 200);
    let lobby: Value = serde_json::from_str(&body).unwrap();
    let decks: Vec<String> = lobby["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect();
    for prefix in ["starter:", "deck:", "theme:"] {
        assert!(
            decks.iter().any(|d| d.starts_with(prefix)),
            "the lobby offers {prefix} decks: {decks:?}"
        );
    }
    for deck in &decks {
        let (status, body) = http(
            &server.addr,
            "POST",
            "/api/tables",
            Some(&json!({"name": "Ann", "deck": deck, "opponent": "random", "ai_deck": deck})),
        );
        assert_eq!(status, 200, "{deck}: {body}");
    }
}
