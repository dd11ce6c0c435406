//! `ponyccg serve`: play in the browser, against the AI or another person.

use crate::gamesetup::{self, card_by_number};
use anyhow::{anyhow, Context, Result};
use clap::Args;
use ponyccg_cards::Catalogue;
use ponyccg_core::replay::ReplayDeck;
use ponyccg_core::PlayerDeck;
use std::net::SocketAddr;
use std::sync::Arc;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Where games are stored, each as its replay after every decision: an SQLite file,
    /// or a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE) that several
    /// server processes may share (docs/serve-postgres.md).
    #[arg(long, default_value = "ponyccg-games.sqlite")]
    pub store: String,
    /// A game waiting on a player with no connection for this many seconds is lost by
    /// that player (0: never).
    #[arg(long, default_value_t = 900)]
    pub abandon_after: u64,
}

/// A deck a client names or pastes. Only built-in names and pasted lists: a client never
/// makes the server read one of its files.
fn client_deck(text: &str) -> Result<PlayerDeck> {
    let t = text.trim();
    if t.is_empty() {
        return Err(anyhow!("no deck given"));
    }
    let named = ["deck:", "theme:", "starter:", "random:", "synthetic:"]
        .iter()
        .any(|p| t.starts_with(p));
    if named && !t.contains('\n') {
        return gamesetup::load_deck(t);
    }
    let deck = ponyccg_decks::parse_deck(t, "pasted deck").map_err(|e| anyhow!("{e}"))?;
    gamesetup::player_deck(&deck, "pasted deck")
}

fn stored_deck(d: &ReplayDeck) -> Result<PlayerDeck> {
    let cat = Catalogue::builtin();
    let card = |n: &String| {
        card_by_number(n, cat)
            .with_context(|| format!("a stored deck names card `{n}`, which is unknown"))
    };
    Ok(PlayerDeck {
        mane: card(&d.mane)?,
        problems: d.problems.iter().map(card).collect::<Result<_>>()?,
        draw: d.draw.iter().map(card).collect::<Result<_>>()?,
    })
}

pub fn run(args: ServeArgs) -> Result<()> {
    let mut deck_names: Vec<String> = ponyccg_decks::starter_deck_names()
        .into_iter()
        .map(|n| format!("starter:{n}"))
        .collect();
    deck_names.extend(
        ponyccg_decks::built_in_deck_names()
            .into_iter()
            .map(|n| format!("deck:{n}")),
    );
    deck_names.extend(
        ponyccg_decks::theme_deck_names()
            .iter()
            .map(|n| format!("theme:{n}")),
    );
    ponyccg_server::serve(ponyccg_server::ServeConfig {
        addr: args.addr,
        store: ponyccg_server::store::Location::parse(&args.store),
        deck_names,
        load_deck: Arc::new(client_deck),
        resolve_deck: Arc::new(stored_deck),
        catalogue: gamesetup::catalogue_version(),
        card_text: Arc::new(crate::commands::cards::text_by_number),
        abandon_after: (args.abandon_after > 0)
            .then(|| std::time::Duration::from_secs(args.abandon_after)),
    })
}
