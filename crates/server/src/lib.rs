//! `ponyccg serve`: the game server and its web client.
//!
//! The server holds the only [`ponyccg_core::Game`] of each table. Every client is sent
//! only what its seat, or a spectator, may know: views and log lines come from the core's
//! redaction ([`ponyccg_core::Game::observe_as`], [`ponyccg_core::Game::observe_events`]).
//! Every message from a client is checked (its decision number, the choice's range, and
//! that the decision is that seat's) before anything changes. A game is stored as its
//! replay after every change.

pub mod store;
pub mod table;
mod web;

pub use web::{
    router, spawn_keeper, spawn_ticker, ClientMessage, DeckResolver, Hub, Lobby, ReplayStep,
    Seated, ServerMessage,
};

use ponyccg_core::PlayerDeck;
use std::net::SocketAddr;
use std::sync::Arc;

/// Turns a deck name or pasted list into the engine's cards, or says what is wrong.
pub type DeckLoader = Arc<dyn Fn(&str) -> anyhow::Result<PlayerDeck> + Send + Sync>;

/// How to run the server.
pub struct ServeConfig {
    pub addr: SocketAddr,
    /// Where games are stored: an SQLite file or a PostgreSQL database.
    pub store: store::Location,
    /// Deck names offered in the lobby (`theme:…`, `starter:…`).
    pub deck_names: Vec<String>,
    pub load_deck: DeckLoader,
    /// Resolves a stored deck's card numbers (to restore games).
    pub resolve_deck: web::DeckResolver,
    /// The card catalogue version stamped into replays.
    pub catalogue: String,
    /// A card's facts and rules text (rendered from its script) by card number.
    pub card_text: CardText,
    /// A game waiting on a person who has had no connection for this long is lost by
    /// them; `None` waits for ever.
    pub abandon_after: Option<std::time::Duration>,
}

/// A card's facts and rendered rules text by its number, if the catalogue has it.
pub type CardText = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// Runs the server until Ctrl-C.
pub fn serve(cfg: ServeConfig) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let addr = cfg.addr;
        let hub = Hub::open(cfg).await?;
        let restored = hub.restored();
        spawn_ticker(Arc::clone(&hub));
        spawn_keeper(Arc::clone(&hub));
        let app = router(Arc::clone(&hub));
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr()?;
        println!(
            "ponyccg: serving on http://{local}/ ({restored} stored games restored); Ctrl-C stops"
        );
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        // Stopped in good order: the tables may be taken at once by another server.
        hub.release_all().await?;
        Ok(())
    })
}
