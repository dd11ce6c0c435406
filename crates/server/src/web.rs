//! HTTP and WebSocket: the lobby's requests, one socket per viewer of a table, and the
//! client's files (compiled into the program, so serving needs nothing else).

use crate::store::{Holder, Store, StoreError, StoredSeat, StoredTable};
use crate::table::{Clock, Options, Refusal, Seat, Table};
use crate::{CardText, DeckLoader, ServeConfig};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use ponyccg_core::replay::ReplayDeck;
use ponyccg_core::{GameSetup, PlayerDeck, PlayerId, Viewer};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The largest message a client may send; a decision needs a few dozen bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// The largest lobby request (a pasted deck list fits easily).
const MAX_REQUEST: usize = 64 * 1024;

/// Resolves a stored deck's card numbers.
pub type DeckResolver = Arc<dyn Fn(&ReplayDeck) -> anyhow::Result<PlayerDeck> + Send + Sync>;

struct Slot {
    table: Mutex<Table>,
    /// Bumped after every change; each socket sends its viewer an update.
    changed: watch::Sender<u64>,
    private: bool,
    /// The table is no longer this server's (handed over, or taken by another server
    /// that found this one gone): its sockets close, and its clients reconnect to the
    /// server that has it.
    gone: AtomicBool,
}

impl Slot {
    fn new(table: Table, private: bool) -> Arc<Slot> {
        Arc::new(Slot {
            table: Mutex::new(table),
            changed: watch::channel(0).0,
            private,
            gone: AtomicBool::new(false),
        })
    }
}

/// Every table of the server, and where they are stored.
pub struct Hub {
    tables: Mutex<HashMap<String, Arc<Slot>>>,
    store: Store,
    /// The runtime the store's connections belong to; blocking code waits on it.
    rt: tokio::runtime::Handle,
    deck_names: Vec<String>,
    load_deck: DeckLoader,
    card_text: CardText,
    catalogue: String,
    restored: usize,
    /// Stored tables that could not be brought back, with why.
    refused: Mutex<Vec<(String, String)>>,
    resolve: DeckResolver,
    abandon_after: Option<std::time::Duration>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while a table was held would already have been reported; the table's
    // state is still the last whole one, as every change is made before it is stored.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn stored(t: &Table, private: bool) -> StoredTable {
    StoredTable {
        code: t.code.clone(),
        seed: t.seed(),
        catalogue: t.catalogue().to_string(),
        seats: t
            .seats()
            .iter()
            .map(|s| match s {
                Seat::Open => StoredSeat::Open,
                Seat::Person { token, name } => StoredSeat::Person {
                    token: token.clone(),
                    name: name.clone(),
                },
                Seat::Ai(ai) => StoredSeat::Ai {
                    kind: ai.name().to_string(),
                },
            })
            .collect(),
        decks: t
            .decks()
            .iter()
            .map(|d| d.as_ref().map(ReplayDeck::of))
            .collect(),
        replay: t.replay().cloned(),
        over: t.is_over(),
        private,
        casual: t.casual(),
        clock_ms: t.clock_ms().map(<[u64]>::to_vec),
    }
}

fn options_of(st: &StoredTable) -> Options {
    Options {
        casual: st.casual,
        clock: st.clock_ms.clone().map(Clock::new),
    }
}

/// Resolves a stored table's decks and checks its versions before its replay is played:
/// a game from other rules or another card catalogue is refused, never replayed.
fn stored_setup(
    st: &StoredTable,
    catalogue: &str,
    resolve: &DeckResolver,
) -> anyhow::Result<Vec<Option<PlayerDeck>>> {
    if let Some(r) = &st.replay {
        r.check_versions(catalogue)?;
    }
    st.decks
        .iter()
        .map(|d| d.as_ref().map(|d| resolve(d)).transpose())
        .collect()
}

fn restore_table(
    st: StoredTable,
    catalogue: &str,
    resolve: &DeckResolver,
) -> anyhow::Result<Table> {
    let decks = stored_setup(&st, catalogue, resolve)?;
    let seats = st
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| seat_of(s, st.seed, i))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = options_of(&st);
    Ok(match st.replay {
        Some(replay) => {
            let players = decks
                .into_iter()
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| anyhow::anyhow!("a started game lacks a deck"))?;
            let setup = GameSetup {
                seed: st.seed,
                players,
            };
            Table::restore(st.code.clone(), replay, setup, seats, options)?
        }
        None => Table::new(
            st.code.clone(),
            st.seed,
            &st.catalogue,
            seats.into_iter().zip(decks).collect(),
            options,
        ),
    })
}

fn seat_of(s: &StoredSeat, seed: u64, i: usize) -> anyhow::Result<Seat> {
    Ok(match s {
        StoredSeat::Open => Seat::Open,
        StoredSeat::Person { token, name } => Seat::Person {
            token: token.clone(),
            name: name.clone(),
        },
        StoredSeat::Ai { kind } => Seat::Ai(
            ponyccg_ai::player_by_name(kind, ponyccg_ai::derive_seed(seed, i as u64 + 1))
                .map_err(|e| anyhow::anyhow!("{e}"))?,
        ),
    })
}

impl Hub {
    /// Opens the store and brings back every unfinished game in it that no other running
    /// server owns.
    pub async fn open(cfg: ServeConfig) -> anyhow::Result<Arc<Hub>> {
        let store = Store::open(&cfg.store).await?;
        let rt = tokio::runtime::Handle::current();
        tokio::task::spawn_blocking(move || Self::with_store(store, cfg, rt)).await?
    }

    /// A hub over an opened store (`cfg.store` is not read again). Blocks: call it where
    /// blocking is allowed (not on one of `rt`'s workers).
    pub fn with_store(
        store: Store,
        cfg: ServeConfig,
        rt: tokio::runtime::Handle,
    ) -> anyhow::Result<Arc<Hub>> {
        let ServeConfig {
            deck_names,
            load_deck,
            resolve_deck: resolve,
            catalogue,
            card_text,
            abandon_after: cfg_abandon,
            ..
        } = cfg;
        let mut hub = Hub {
            tables: Mutex::new(HashMap::new()),
            store,
            rt,
            deck_names,
            load_deck,
            card_text,
            catalogue,
            restored: 0,
            refused: Mutex::new(Vec::new()),
            resolve,
            abandon_after: cfg_abandon,
        };
        hub.restored = hub.adopt_orphans()?;
        Ok(Arc::new(hub))
    }

    /// Waits for `f` from blocking code.
    fn block<F: std::future::Future>(&self, f: F) -> F::Output {
        self.rt.block_on(f)
    }

    /// Takes and restores every unfinished table whose owner is gone; returns how many.
    /// One table that can't be restored (from other rules, say) is reported and left as
    /// stored, and given up so that a server that can play it may; it stops neither the
    /// server nor the other tables.
    fn adopt_orphans(&self) -> Result<usize, StoreError> {
        let mut n = 0;
        for code in self.block(self.store.orphans())? {
            if self.refused_table(&code).is_some() || self.slot(&code).is_some() {
                continue;
            }
            if self.adopt(&code)?.is_some() {
                n += 1;
            }
        }
        Ok(n)
    }

    /// Takes table `code` if it is free, and restores it.
    fn adopt(&self, code: &str) -> Result<Option<Arc<Slot>>, StoreError> {
        let Some(st) = self.block(self.store.claim(code))? else {
            return Ok(None);
        };
        let private = st.private;
        match restore_table(st, &self.catalogue, &self.resolve) {
            Ok(table) => {
                let slot = Slot::new(table, private);
                lock(&self.tables).insert(code.to_string(), Arc::clone(&slot));
                Ok(Some(slot))
            }
            Err(e) => {
                let why = format!("{e:#}");
                eprintln!("ponyccg: stored table {code} is not restored: {why}");
                lock(&self.refused).push((code.to_string(), why));
                self.block(self.store.release(code))?;
                Ok(None)
            }
        }
    }

    /// Drops table `code` from this server: it is another's now.
    fn drop_table(&self, code: &str) {
        if let Some(slot) = lock(&self.tables).remove(code) {
            slot.gone.store(true, Ordering::SeqCst);
            slot.changed.send_modify(|n| *n += 1);
        }
    }

    /// Hands over the tables other servers ask for, drops those it no longer owns, and
    /// takes those whose owner is gone. A server that can no longer prove it is running
    /// (PostgreSQL: its lock's connection is lost) stops at once: another may already
    /// have taken its tables.
    fn keep(&self) -> Result<(), StoreError> {
        if let Err(e) = self.block(self.store.check_held()) {
            eprintln!("ponyccg: stopping: this server can no longer prove it owns its tables: {e}");
            std::process::exit(3);
        }
        for code in self.block(self.store.wanted_from_me())? {
            if let Some(slot) = self.slot(&code) {
                // Held while it is given up, so no change is made (and lost) meanwhile.
                let t = lock(&slot.table);
                self.block(self.store.release(&code))?;
                slot.gone.store(true, Ordering::SeqCst);
                drop(t);
                self.drop_table(&code);
            } else {
                self.block(self.store.release(&code))?;
            }
        }
        let owned: std::collections::HashSet<String> =
            self.block(self.store.owned())?.into_iter().collect();
        let lost: Vec<String> = lock(&self.tables)
            .keys()
            .filter(|c| !owned.contains(*c))
            .cloned()
            .collect();
        for code in lost {
            self.drop_table(&code);
        }
        self.adopt_orphans()?;
        Ok(())
    }

    /// Gives up every table (a server stopping in good order), so another server or the
    /// next start takes them at once.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        self.store.release_all().await
    }

    /// The table `code` to serve: this server's, or taken now if its owner is gone. A
    /// table another running server owns is asked for (it is handed over within a moment)
    /// and refused meanwhile with 503, so a client retries.
    fn serve_table(&self, code: &str) -> Result<Arc<Slot>, ApiError> {
        if let Some(slot) = self.slot(code) {
            return Ok(slot);
        }
        if let Some(why) = self.refused_table(code) {
            return Err(ApiError {
                status: StatusCode::CONFLICT,
                message: format!("table `{code}` can't be played here: {why}"),
            });
        }
        let internal = |e: StoreError| ApiError::internal(e.to_string());
        let missing = || ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("there is no table `{code}`"),
        };
        match self.block(self.store.holder(code)).map_err(internal)? {
            Holder::Missing | Holder::Over => Err(missing()),
            Holder::Me | Holder::Free => match self.adopt(code).map_err(internal)? {
                Some(slot) => Ok(slot),
                None => match self.refused_table(code) {
                    Some(why) => Err(ApiError {
                        status: StatusCode::CONFLICT,
                        message: format!("table `{code}` can't be played here: {why}"),
                    }),
                    None => Err(moving(code)),
                },
            },
            Holder::Other(_) => {
                self.block(self.store.want(code)).map_err(internal)?;
                Err(moving(code))
            }
        }
    }

    /// Stored tables that were not restored, with why.
    pub fn refused(&self) -> Vec<(String, String)> {
        lock(&self.refused).clone()
    }

    /// Why a stored table was not restored, if it was not.
    fn refused_table(&self, code: &str) -> Option<String> {
        lock(&self.refused)
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, why)| why.clone())
    }

    /// How many unfinished games were brought back from the store.
    pub fn restored(&self) -> usize {
        self.restored
    }

    fn slot(&self, code: &str) -> Option<Arc<Slot>> {
        lock(&self.tables).get(code).cloned()
    }

    /// Stores a table after a change. A table another server has taken (this one was
    /// thought gone) is dropped here: the change is not kept, and the clients reconnect.
    fn save(&self, t: &Table, private: bool) -> Result<(), ApiError> {
        match self.block(self.store.save(&stored(t, private))) {
            Ok(()) => Ok(()),
            Err(StoreError::NotOwner { code }) => {
                self.drop_table(&code);
                Err(moving(&code))
            }
            Err(e) => Err(ApiError::internal(e.to_string())),
        }
    }

    /// A code no table has, in memory or in the store (finished games and tables from
    /// other rules are stored but not loaded; a new table must not overwrite them).
    fn new_code(&self) -> String {
        loop {
            let code = random_word(6);
            if !lock(&self.tables).contains_key(&code)
                && !matches!(self.block(self.store.load(&code)), Ok(Some(_)))
            {
                return code;
            }
        }
    }
}

/// Letters and digits that can't be mistaken for each other when read aloud.
const CODE_CHARS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

fn random_word(len: usize) -> String {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| CODE_CHARS[rng.gen_range(0..CODE_CHARS.len())] as char)
        .collect()
}

/// Table `code` is owned by another running server, which is asked to hand it over.
fn moving(code: &str) -> ApiError {
    ApiError {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: format!(
            "table `{code}` is being moved to this server from another server process; \
             try again in a moment"
        ),
    }
}

/// A refused request: its HTTP status and one sentence.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
    fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// A request to open a table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The creator's name, shown to the others.
    #[serde(default)]
    pub name: String,
    /// A built-in deck name or a pasted deck list.
    pub deck: String,
    /// `heuristic` or `random` for an AI opponent, `person` to wait for someone.
    pub opponent: String,
    /// The AI's deck.
    #[serde(default)]
    pub ai_deck: Option<String>,
    /// `first` or `second` seat; random if absent.
    #[serde(default)]
    pub seat: Option<String>,
    #[serde(default)]
    pub seed: Option<u64>,
    /// Kept out of the lobby's list: joined only with its code.
    #[serde(default)]
    pub private: bool,
    /// Undo allowed (with the opponent's consent); true if absent.
    #[serde(default)]
    pub casual: Option<bool>,
    /// A chess clock: each player's time for the whole game, in minutes.
    #[serde(default)]
    pub clock_minutes: Option<f64>,
}

/// The longest chess clock a table may have (a day), so a typo can't overflow it.
const MAX_CLOCK_MINUTES: f64 = 24.0 * 60.0;

fn options(
    casual: Option<bool>,
    clock_minutes: Option<f64>,
    seats: usize,
) -> Result<Options, ApiError> {
    let clock = match clock_minutes {
        None => None,
        Some(m) if m.is_finite() && m > 0.0 && m <= MAX_CLOCK_MINUTES => {
            Some(Clock::new(vec![(m * 60_000.0) as u64; seats]))
        }
        Some(m) => {
            return Err(ApiError::bad(format!(
            "clock_minutes {m}: give a number of minutes above 0 and at most {MAX_CLOCK_MINUTES}"
        )))
        }
    };
    Ok(Options {
        casual: casual.unwrap_or(true),
        clock,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinTable {
    #[serde(default)]
    pub name: String,
    pub deck: String,
}

/// What a creator or joiner gets back: the table, their seat and their secret.
#[derive(Serialize, Deserialize)]
pub struct Seated {
    pub code: String,
    pub seat: PlayerId,
    pub token: String,
}

#[derive(Serialize, Deserialize)]
pub struct Lobby {
    pub decks: Vec<String>,
    pub ais: Vec<String>,
    /// Public tables waiting for a player.
    pub open: Vec<OpenTable>,
}

#[derive(Serialize, Deserialize)]
pub struct OpenTable {
    pub code: String,
    pub host: String,
}

fn clean_name(n: &str) -> String {
    let n: String = n.chars().filter(|c| !c.is_control()).take(32).collect();
    let n = n.trim().to_string();
    if n.is_empty() {
        "Player".into()
    } else {
        n
    }
}

fn checked_deck(hub: &Hub, text: &str) -> Result<PlayerDeck, ApiError> {
    let deck = (hub.load_deck)(text).map_err(|e| ApiError::bad(format!("{e:#}")))?;
    // A deck that can't start a game is refused now, not when the table fills.
    let probe = GameSetup {
        seed: 0,
        players: vec![deck.clone(), deck.clone()],
    };
    ponyccg_core::Game::new(&probe)
        .map_err(|e| ApiError::bad(format!("this deck can't be played: {e}")))?;
    Ok(deck)
}

async fn lobby(State(hub): State<Arc<Hub>>) -> Json<Lobby> {
    // The map is let go before any table is locked: a table is never held while the map
    // is waited for, nor the other way round.
    let slots: Vec<(String, Arc<Slot>)> = lock(&hub.tables)
        .iter()
        .map(|(c, s)| (c.clone(), Arc::clone(s)))
        .collect();
    let open = slots
        .iter()
        .filter(|(_, s)| !s.private)
        .filter_map(|(code, s)| {
            let t = lock(&s.table);
            t.has_open_seat().then(|| OpenTable {
                code: code.clone(),
                host: t
                    .seats()
                    .iter()
                    .find_map(|s| match s {
                        Seat::Person { name, .. } => Some(name.clone()),
                        Seat::Open | Seat::Ai(_) => None,
                    })
                    .unwrap_or_default(),
            })
        })
        .collect();
    Json(Lobby {
        decks: hub.deck_names.clone(),
        ais: ponyccg_ai::PLAYER_NAMES
            .iter()
            .map(|s| s.to_string())
            .collect(),
        open,
    })
}

async fn create(
    State(hub): State<Arc<Hub>>,
    Json(req): Json<NewTable>,
) -> Result<Json<Seated>, ApiError> {
    let hub2 = Arc::clone(&hub);
    tokio::task::spawn_blocking(move || create_blocking(&hub2, req))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
}

fn create_blocking(hub: &Hub, req: NewTable) -> Result<Json<Seated>, ApiError> {
    let opts = options(req.casual, req.clock_minutes, 2)?;
    let deck = checked_deck(hub, &req.deck)?;
    let seed = req
        .seed
        .unwrap_or_else(|| rand::random::<u64>() % 1_000_000_000);
    let mine = match req.seat.as_deref() {
        Some("first") => 0,
        Some("second") => 1,
        None | Some("random") => (seed % 2) as usize,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "seat `{other}`: say first, second or random"
            )))
        }
    };
    let other: (Seat, Option<PlayerDeck>) = match req.opponent.as_str() {
        "person" => (Seat::Open, None),
        ai => {
            let player =
                ponyccg_ai::player_by_name(ai, ponyccg_ai::derive_seed(seed, 2 - mine as u64))
                    .map_err(|e| ApiError::bad(format!("opponent: {e}; or `person`")))?;
            let ai_deck = req
                .ai_deck
                .as_deref()
                .or_else(|| hub.deck_names.first().map(String::as_str))
                .ok_or_else(|| ApiError::bad("give the AI a deck (ai_deck)"))?;
            (Seat::Ai(player), Some(checked_deck(hub, ai_deck)?))
        }
    };
    let token = random_word(24);
    let me = (
        Seat::Person {
            token: token.clone(),
            name: clean_name(&req.name),
        },
        Some(deck),
    );
    let seats = if mine == 0 {
        vec![me, other]
    } else {
        vec![other, me]
    };
    let code = hub.new_code();
    let table = Table::new(code.clone(), seed, &hub.catalogue, seats, opts);
    hub.save(&table, req.private)?;
    lock(&hub.tables).insert(code.clone(), Slot::new(table, req.private));
    Ok(Json(Seated {
        code,
        seat: PlayerId(mine as u8),
        token,
    }))
}

async fn join(
    State(hub): State<Arc<Hub>>,
    Path(code): Path<String>,
    Json(req): Json<JoinTable>,
) -> Result<Json<Seated>, ApiError> {
    let hub2 = Arc::clone(&hub);
    tokio::task::spawn_blocking(move || {
        let slot = hub2.serve_table(&code)?;
        let deck = checked_deck(&hub2, &req.deck)?;
        let token = random_word(24);
        let mut t = lock(&slot.table);
        let seat = t
            .join(token.clone(), clean_name(&req.name), deck)
            .ok_or_else(|| ApiError {
                status: StatusCode::CONFLICT,
                message: format!("table `{code}` has no open seat"),
            })?;
        hub2.save(&t, slot.private)?;
        drop(t);
        slot.changed.send_modify(|n| *n += 1);
        Ok(Json(Seated { code, seat, token }))
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))?
}

#[derive(Deserialize)]
struct WsQuery {
    #[serde(default)]
    token: Option<String>,
}

/// What a client may send on its socket.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Answers decision number `decision` with choice `choice` (counting from 0).
    Decide {
        decision: u64,
        choice: usize,
    },
    Concede,
    /// Take back my last decision (casual games): at once against the AI, otherwise
    /// when the opponent agrees.
    Undo,
    /// Agree to (or refuse) the opponent's undo.
    AnswerUndo {
        accept: bool,
    },
}

/// What the server sends on a socket.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Update(Box<crate::table::Update>),
    /// The last message was refused; nothing changed.
    Refused {
        message: String,
    },
}

async fn socket(
    State(hub): State<Arc<Hub>>,
    Path(code): Path<String>,
    Query(q): Query<WsQuery>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let hub2 = Arc::clone(&hub);
    let code2 = code.clone();
    let slot = tokio::task::spawn_blocking(move || hub2.serve_table(&code2))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))??;
    let viewer = match q.token.as_deref() {
        None | Some("") => Viewer::Spectator,
        Some(tok) => match lock(&slot.table).seat_of(tok) {
            Some(p) => Viewer::Seat(p),
            None => {
                return Err(ApiError {
                    status: StatusCode::FORBIDDEN,
                    message: "that token holds no seat at this table".into(),
                })
            }
        },
    };
    // Who is asking is settled before whether the request is a WebSocket at all.
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => return Ok(e.into_response()),
    };
    Ok(ws
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |s| viewer_loop(hub, slot, viewer, s)))
}

async fn send(ws: &mut WebSocket, m: &ServerMessage) -> bool {
    match serde_json::to_string(m) {
        Ok(text) => ws.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => false,
    }
}

/// Counts a seat's connection while it is open, for the abandoned-game timeout.
struct Presence {
    slot: Arc<Slot>,
    seat: Option<PlayerId>,
}

impl Presence {
    fn new(slot: &Arc<Slot>, viewer: Viewer) -> Presence {
        let seat = viewer.seat();
        if let Some(p) = seat {
            lock(&slot.table).connected(p, true);
        }
        Presence {
            slot: Arc::clone(slot),
            seat,
        }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        if let Some(p) = self.seat {
            lock(&self.slot.table).connected(p, false);
        }
    }
}

async fn viewer_loop(hub: Arc<Hub>, slot: Arc<Slot>, viewer: Viewer, mut ws: WebSocket) {
    let _presence = Presence::new(&slot, viewer);
    let mut changed = slot.changed.subscribe();
    let mut sent_log = 0usize;
    let mut epoch = None;
    loop {
        // This update shows every change made so far: they need no second one. (A change
        // made after this line is sent again.)
        changed.borrow_and_update();
        if slot.gone.load(Ordering::SeqCst) {
            return;
        }
        let update = {
            let t = lock(&slot.table);
            // A rewritten log (an undo) is sent again from its start.
            if epoch != Some(t.epoch()) {
                sent_log = 0;
                epoch = Some(t.epoch());
            }
            t.update_for(viewer, sent_log)
        };
        sent_log = update.log_from + update.log.len();
        if !send(&mut ws, &ServerMessage::Update(Box::new(update))).await {
            return;
        }
        // Wait for a change or a message.
        loop {
            tokio::select! {
                r = changed.changed() => {
                    if r.is_err() { return; }
                    break;
                }
                m = ws.recv() => {
                    let text = match m {
                        None | Some(Err(_)) => return,
                        Some(Ok(Message::Text(t))) => t.to_string(),
                        Some(Ok(Message::Close(_))) => return,
                        Some(Ok(Message::Binary(_))) => {
                            if !send(&mut ws, &ServerMessage::Refused { message: "send JSON text messages".into() }).await { return; }
                            continue;
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    };
                    match handle(&hub, &slot, viewer, &text).await {
                        Ok(()) => break,
                        Err(message) => {
                            if !send(&mut ws, &ServerMessage::Refused { message }).await { return; }
                        }
                    }
                }
            }
        }
    }
}

/// Applies one client message; every check happens before anything changes.
async fn handle(
    hub: &Arc<Hub>,
    slot: &Arc<Slot>,
    viewer: Viewer,
    text: &str,
) -> Result<(), String> {
    let msg: ClientMessage =
        serde_json::from_str(text).map_err(|e| format!("unreadable message: {e}"))?;
    let (hub, slot2) = (Arc::clone(hub), Arc::clone(slot));
    tokio::task::spawn_blocking(move || {
        let mut t = lock(&slot2.table);
        if slot2.gone.load(Ordering::SeqCst) {
            return Err(moving(&t.code).message);
        }
        let r: Result<(), Refusal> = match msg {
            ClientMessage::Decide { decision, choice } => t.decide(viewer.seat(), decision, choice),
            ClientMessage::Concede => t.concede(viewer.seat()),
            ClientMessage::Undo => t.ask_undo(viewer.seat()).map(|_| ()),
            ClientMessage::AnswerUndo { accept } => t.answer_undo(viewer.seat(), accept),
        };
        r.map_err(|e| e.to_string())?;
        hub.save(&t, slot2.private).map_err(|e| e.message)?;
        Ok::<(), String>(())
    })
    .await
    .map_err(|e| e.to_string())??;
    slot.changed.send_modify(|n| *n += 1);
    Ok(())
}

/// Keeps this server's tables in step with the store: hands over those another server
/// asks for, takes those whose owner is gone (see [`crate::store`]).
pub fn spawn_keeper(hub: Arc<Hub>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(crate::store::KEEP_EVERY);
        loop {
            every.tick().await;
            let hub2 = Arc::clone(&hub);
            match tokio::task::spawn_blocking(move || hub2.keep()).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => eprintln!("ponyccg: {e}"),
                Err(e) => eprintln!("ponyccg: {e}"),
            }
        }
    });
}

/// Checks every table's clocks and absences a few times a second: a fallen flag or an
/// abandoned game is decided even when no message arrives.
pub fn spawn_ticker(hub: Arc<Hub>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_millis(250));
        loop {
            every.tick().await;
            let slots: Vec<Arc<Slot>> = lock(&hub.tables).values().cloned().collect();
            for slot in slots {
                let hub2 = Arc::clone(&hub);
                let slot2 = Arc::clone(&slot);
                let changed = tokio::task::spawn_blocking(move || {
                    let mut t = lock(&slot2.table);
                    let changed = t.tick(std::time::Instant::now(), hub2.abandon_after);
                    if changed {
                        if let Err(e) = hub2.save(&t, slot2.private) {
                            eprintln!("ponyccg: table {}: {}", t.code, e.message);
                        }
                    }
                    changed
                })
                .await
                .unwrap_or(false);
                if changed {
                    slot.changed.send_modify(|n| *n += 1);
                }
            }
        }
    });
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuery {
    #[serde(default)]
    token: Option<String>,
    /// `0`, `1` (a seat, counting from 0) or `spectator`.
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    step: Option<usize>,
}

/// One point of a stored game as one side saw it.
#[derive(Serialize, Deserialize)]
pub struct ReplayStep {
    pub table: String,
    pub viewer: Viewer,
    /// How many choices have been made at this point.
    pub step: usize,
    /// How many choices the stored game has.
    pub steps: usize,
    pub over: bool,
    pub seats: Vec<crate::table::SeatInfo>,
    pub view: ponyccg_core::view::View,
    /// The log up to this point, as this side saw it.
    pub log: Vec<String>,
    /// Who decides next, and what they chose when it was this side's own choice.
    pub next: Option<String>,
}

fn parse_side(side: Option<&str>) -> Result<Viewer, ApiError> {
    match side.unwrap_or("spectator") {
        "spectator" => Ok(Viewer::Spectator),
        s => s
            .parse::<u8>()
            .ok()
            .filter(|&n| n < 2)
            .map(|n| Viewer::Seat(PlayerId(n)))
            .ok_or_else(|| ApiError::bad(format!("side `{s}`: say 0, 1 or spectator"))),
    }
}

/// A finished game may be watched from either side. While it is being played, only from
/// a spectator's place or from one's own seat: a replay must not show an opponent's hand
/// during the game.
fn may_view(st: &StoredTable, token: Option<&str>, viewer: Viewer) -> Result<(), ApiError> {
    let Viewer::Seat(p) = viewer else {
        return Ok(());
    };
    if st.over {
        return Ok(());
    }
    match (st.seats.get(p.index()), token) {
        (Some(StoredSeat::Person { token: t, .. }), Some(tok)) if t == tok => Ok(()),
        _ => Err(ApiError {
            status: StatusCode::FORBIDDEN,
            message: "while a game is played, its replay shows only your own seat's side (or a spectator's)".into(),
        }),
    }
}

fn stored_table(hub: &Hub, code: &str) -> Result<StoredTable, ApiError> {
    hub.block(hub.store.load(code))
        .map_err(|e| ApiError::internal(e.to_string()))?
        .ok_or_else(|| ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("there is no stored game `{code}`"),
        })
}

/// The stored game's replay cut at `step`, and its setup. A concession made at that very
/// point is kept when `with_concession` (to show the end of a game), and dropped to play on
/// from there.
fn cut(
    hub: &Hub,
    st: &StoredTable,
    step: usize,
    with_concession: bool,
) -> Result<(ponyccg_core::Replay, GameSetup), ApiError> {
    let mut replay = st
        .replay
        .clone()
        .ok_or_else(|| ApiError::bad(format!("game `{}` has not started", st.code)))?;
    let decks = stored_setup(st, &hub.catalogue, &hub.resolve).map_err(|e| ApiError {
        status: StatusCode::CONFLICT,
        message: format!("game `{}` can't be replayed here: {e:#}", st.code),
    })?;
    let players = decks
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ApiError::bad("a started game lacks a deck"))?;
    if step > replay.choices.len() {
        return Err(ApiError::bad(format!(
            "step {step}: the game has {} choices",
            replay.choices.len()
        )));
    }
    replay.choices.truncate(step);
    replay
        .concessions
        .retain(|&(_, at)| at < step || with_concession && at == step);
    Ok((
        replay,
        GameSetup {
            seed: st.seed,
            players,
        },
    ))
}

fn replay_step(hub: &Hub, code: &str, q: ReplayQuery) -> Result<ReplayStep, ApiError> {
    let viewer = parse_side(q.side.as_deref())?;
    let st = stored_table(hub, code)?;
    may_view(&st, q.token.as_deref(), viewer)?;
    let steps = st.replay.as_ref().map_or(0, |r| r.choices.len());
    let step = q.step.unwrap_or(steps).min(steps);
    let (replay, setup) = cut(hub, &st, step, true)?;
    let mut log = Vec::new();
    let g = replay
        .play(&setup, |g, first| {
            if first.is_none() {
                g.set_logging(true);
            }
            log.extend(
                g.observe_events(viewer)
                    .into_iter()
                    .filter(|o| !o.bookkeeping)
                    .map(|o| o.text),
            );
            g.take_logged();
        })
        .map_err(|e| ApiError::internal(format!("game `{code}`: {e}")))?;
    let full = st
        .replay
        .as_ref()
        .map(|r| r.choices.as_slice())
        .unwrap_or_default();
    let next = g.decision().map(|d| {
        // Only the side that made a choice is told which it was: a label may name a
        // card from that side's hand.
        let chose = full
            .get(step)
            .filter(|_| viewer.seat() == Some(d.player))
            .and_then(|&c| g.labels_of(d).get(c as usize).cloned());
        match chose {
            Some(label) => format!("{} chose: {label}", d.player),
            None if step < steps => format!("{} decides", d.player),
            None => format!("{} was deciding when the record ends", d.player),
        }
    });
    let seats = st
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| crate::table::SeatInfo {
            player: PlayerId(i as u8),
            kind: match s {
                StoredSeat::Open => "open".into(),
                StoredSeat::Person { .. } => "person".into(),
                StoredSeat::Ai { kind } => kind.clone(),
            },
            name: match s {
                StoredSeat::Open => String::new(),
                StoredSeat::Person { name, .. } => name.clone(),
                StoredSeat::Ai { kind } => format!("{kind} AI"),
            },
        })
        .collect();
    Ok(ReplayStep {
        table: st.code.clone(),
        viewer,
        step,
        steps,
        over: st.over,
        seats,
        view: g.observe_as(viewer),
        log,
        next,
    })
}

async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(code): Path<String>,
    Query(q): Query<ReplayQuery>,
) -> Result<Json<ReplayStep>, ApiError> {
    tokio::task::spawn_blocking(move || replay_step(&hub, &code, q).map(Json))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
}

/// A request to start a new game from a point of a stored one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContinueFrom {
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub name: String,
    /// The seat to play (0 or 1).
    pub side: u8,
    /// How many of the stored game's choices to keep.
    pub step: usize,
    /// An AI kind, or `person` to wait for someone.
    pub opponent: String,
    #[serde(default)]
    pub private: bool,
    #[serde(default)]
    pub clock_minutes: Option<f64>,
}

fn continue_blocking(hub: &Hub, code: &str, req: ContinueFrom) -> Result<Json<Seated>, ApiError> {
    let me = PlayerId(req.side);
    if req.side > 1 {
        return Err(ApiError::bad(format!("side {}: say 0 or 1", req.side)));
    }
    let st = stored_table(hub, code)?;
    may_view(&st, req.token.as_deref(), Viewer::Seat(me))?;
    let opts = options(Some(true), req.clock_minutes, 2)?;
    let (replay, setup) = cut(hub, &st, req.step, false)?;
    let token = random_word(24);
    let other = 1 - req.side as usize;
    let seed = st.seed;
    let their_seat = match req.opponent.as_str() {
        "person" => Seat::Open,
        ai => Seat::Ai(
            ponyccg_ai::player_by_name(
                ai,
                ponyccg_ai::derive_seed(seed ^ 0x5eed, other as u64 + 1),
            )
            .map_err(|e| ApiError::bad(format!("opponent: {e}; or `person`")))?,
        ),
    };
    let mine = Seat::Person {
        token: token.clone(),
        name: clean_name(&req.name),
    };
    let seats = if req.side == 0 {
        vec![mine, their_seat]
    } else {
        vec![their_seat, mine]
    };
    let new_code = hub.new_code();
    let mut replay = replay;
    // The new game is a new record: stamped by this engine, continuing the old choices.
    replay.engine = ponyccg_core::replay::ENGINE_VERSION.to_string();
    let table = Table::restore(new_code.clone(), replay, setup, seats, opts)
        .map_err(|e| ApiError::internal(format!("game `{code}`: {e}")))?;
    if table.is_over() {
        return Err(ApiError::bad(format!(
            "the game is over at step {}: choose an earlier point",
            req.step
        )));
    }
    hub.save(&table, req.private)?;
    lock(&hub.tables).insert(new_code.clone(), Slot::new(table, req.private));
    Ok(Json(Seated {
        code: new_code,
        seat: me,
        token,
    }))
}

async fn continue_from(
    State(hub): State<Arc<Hub>>,
    Path(code): Path<String>,
    Json(req): Json<ContinueFrom>,
) -> Result<Json<Seated>, ApiError> {
    tokio::task::spawn_blocking(move || continue_blocking(&hub, &code, req))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
}

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

fn file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn card(State(hub): State<Arc<Hub>>, Path(number): Path<String>) -> Response {
    match (hub.card_text)(&number) {
        Some(t) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], t).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            format!("there is no card `{number}`"),
        )
            .into_response(),
    }
}

/// The server's routes.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { file("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { file("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { file("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/lobby", get(lobby))
        .route("/api/tables", post(create))
        .route("/api/tables/{code}/join", post(join))
        .route("/api/card/{number}", get(card))
        .route("/api/tables/{code}/replay", get(replay))
        .route("/api/tables/{code}/continue", post(continue_from))
        .route("/ws/{code}", get(socket))
        .layer(DefaultBodyLimit::max(MAX_REQUEST))
        .with_state(hub)
}
