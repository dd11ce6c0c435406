//! Turning deck names into a game: theme decks, deck files and the synthetic decks, with
//! one clear message when the engine refuses a deck.

use anyhow::{anyhow, bail, Context, Result};
use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardDef, Color, ScriptStatus};
use ponyccg_core::replay::ReplayDeck;
use ponyccg_core::testkit::mono_deck;
use ponyccg_core::{Game, GameSetup, PlayerDeck, Replay, SetupError};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The decks `play`, `simulate` and `bench` use when none are given.
pub const DEFAULT_DECK: &str = "starter:rainbow-dash";
pub const DEFAULT_AI_DECK: &str = "starter:fluttershy";

/// The names of the synthetic decks, one per colour.
pub fn synthetic_names() -> Vec<String> {
    Color::ALL
        .iter()
        .map(|c| format!("synthetic:{}", c.name().to_ascii_lowercase()))
        .collect()
}

/// A synthetic deck: plain cards of one colour (the engine's test kit), numbered
/// `COLOUR-N` so a replay can find them again. The test kit gives a few different cards
/// the same number; those get a letter (`blue-104b`) so every number names one card.
fn synthetic(color: Color) -> PlayerDeck {
    let mut d = mono_deck(color, &format!("{}-", color.name().to_ascii_lowercase()));
    let mut renamed: Vec<(CardDef, CardDef)> = Vec::new();
    let mut fix = |x: &mut CardDef| {
        if let Some((_, r)) = renamed.iter().find(|(o, _)| o == x) {
            *x = r.clone();
            return;
        }
        let original = x.clone();
        let base = x.number.clone();
        let mut letter = b'a';
        while renamed.iter().any(|(_, r)| r.number == x.number) {
            letter += 1;
            x.number = format!("{base}{}", letter as char);
            x.title = original.title.replace(&base, &x.number);
        }
        renamed.push((original, x.clone()));
    };
    fix(&mut d.mane);
    d.problems.iter_mut().for_each(&mut fix);
    d.draw.iter_mut().for_each(&mut fix);
    d
}

/// A deck by name: `synthetic:COLOUR`, `deck:NAME`, `theme:NAME`, `starter:NAME`,
/// `random:SETS:SEED`, or a deck file.
pub fn load_deck(name: &str) -> Result<PlayerDeck> {
    let name = name.trim();
    if let Some(c) = name.strip_prefix("synthetic:") {
        let color = Color::parse(c).ok_or_else(|| {
            anyhow!(
                "there is no synthetic deck `{name}`; known: {}",
                synthetic_names().join(", ")
            )
        })?;
        return Ok(synthetic(color));
    }
    let deck = ponyccg_decks::load_deck(name).map_err(|e| anyhow!("{e}"))?;
    player_deck(&deck, name)
}

/// A deck list as the engine's cards; `name` is for messages.
pub fn player_deck(deck: &ponyccg_decks::Deck, name: &str) -> Result<PlayerDeck> {
    deck.player_deck(Catalogue::builtin())
        .map_err(|e| anyhow!("deck `{name}`: {e}"))
}

/// Every distinct unscripted card of a deck, as `NUMBER "NAME"`.
pub fn unscripted(deck: &PlayerDeck) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for d in std::iter::once(&deck.mane)
        .chain(&deck.problems)
        .chain(&deck.draw)
    {
        if d.script == ScriptStatus::Unscripted {
            let s = format!("{} \"{}\"", d.number, d.full_name());
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Starts a game, turning the engine's refusal into one message that names the deck,
/// the cards it can't play yet, and the decks it can.
pub fn start(setup: &GameSetup, names: &[&str]) -> Result<Game> {
    match Game::new(setup) {
        Ok(g) => Ok(g),
        Err(SetupError::Unscripted { player, .. }) => {
            let i = player.index();
            let deck = &setup.players[i];
            let cards = unscripted(deck);
            let shown: Vec<&str> = cards.iter().take(8).map(String::as_str).collect();
            let more = if cards.len() > shown.len() {
                format!(" and {} more", cards.len() - shown.len())
            } else {
                String::new()
            };
            bail!(
                "deck `{}` can't be played yet: {} of its cards have game text the engine \
                 does not script yet ({}{more}). Try the synthetic decks instead: {}",
                names.get(i).copied().unwrap_or("?"),
                cards.len(),
                shown.join(", "),
                synthetic_names().join(", ")
            )
        }
        Err(e) => {
            let i = match &e {
                SetupError::NotAMane { player, .. }
                | SetupError::NotAProblem { player, .. }
                | SetupError::NotADrawCard { player, .. }
                | SetupError::NoStartingProblem { player } => Some(player.index()),
                _ => None,
            };
            match i.and_then(|i| names.get(i)) {
                Some(n) => bail!("deck `{n}` can't start a game: {e}"),
                None => bail!("the game can't start: {e}"),
            }
        }
    }
}

/// A card definition by number: the synthetic cards, then the catalogue.
pub fn card_by_number(number: &str, cat: &Catalogue) -> Option<CardDef> {
    static SYNTHETIC: OnceLock<HashMap<String, CardDef>> = OnceLock::new();
    let synthetic = SYNTHETIC.get_or_init(|| {
        let mut m = HashMap::new();
        for c in Color::ALL {
            let d = synthetic(c);
            for x in std::iter::once(d.mane).chain(d.problems).chain(d.draw) {
                m.insert(x.number.clone(), x);
            }
        }
        m
    });
    match synthetic.get(number) {
        Some(d) => Some(d.clone()),
        None => cat.get(number).map(|e| e.def.clone()),
    }
}

/// The setup a replay was played from.
pub fn replay_setup(replay: &Replay) -> Result<GameSetup> {
    let cat = Catalogue::builtin();
    let resolve = |n: &String| -> Result<CardDef> {
        card_by_number(n, cat)
            .with_context(|| format!("the replay names card `{n}`, which is unknown"))
    };
    let deck = |d: &ReplayDeck| -> Result<PlayerDeck> {
        Ok(PlayerDeck {
            mane: resolve(&d.mane)?,
            problems: d.problems.iter().map(resolve).collect::<Result<_>>()?,
            draw: d.draw.iter().map(resolve).collect::<Result<_>>()?,
        })
    };
    Ok(GameSetup {
        seed: replay.seed,
        players: replay.decks.iter().map(deck).collect::<Result<_>>()?,
    })
}

/// The catalogue version stamped into replays.
pub fn catalogue_version() -> String {
    Catalogue::builtin().version().to_string()
}

/// Checks the decks a game is about to use. Under `--format` a deck that is not
/// legal in that format is refused; without it, a deck that breaks the
/// deckbuilding rules (101, 102.1: counts, copies, types) still plays, but each
/// problem is printed as a warning on standard error. Synthetic decks are the
/// engine's test kit and are not checked.
pub fn check_decks(names: &[&str], format: Option<&str>) -> Result<()> {
    use ponyccg_decks::{check, Date, Format};
    let fmt = match format {
        Some(f) => Format::parse(f)
            .ok_or_else(|| anyhow!("unknown format `{f}`; use one of: {}", Format::NAMES))?,
        None => Format::Constructed,
    };
    let mut seen: Vec<&str> = Vec::new();
    for &name in names {
        if name.trim().starts_with("synthetic:") || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let deck = ponyccg_decks::load_deck(name).map_err(|e| anyhow!("{e}"))?;
        let report = check(&deck, &fmt, Date::today(), Catalogue::builtin());
        if report.is_legal() {
            continue;
        }
        let list = report
            .violations
            .iter()
            .map(|v| format!("  {v}"))
            .collect::<Vec<_>>()
            .join("\n");
        match format {
            Some(_) => bail!(
                "deck `{name}` is not legal in {}:\n{list}",
                report.format
            ),
            None => eprintln!(
                "warning: deck `{name}` breaks the deckbuilding rules; it is played anyway (give --format to refuse it):\n{list}"
            ),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_decks_round_trip_through_a_replay() {
        for name in synthetic_names() {
            let d = load_deck(&name).unwrap();
            let setup = GameSetup {
                seed: 3,
                players: vec![d.clone(), load_deck("synthetic:pink").unwrap()],
            };
            let r = Replay::new(&setup, &catalogue_version());
            let back = replay_setup(&r).unwrap();
            assert_eq!(back.players[0].draw, d.draw);
            assert_eq!(back.players[0].mane, d.mane);
            assert_eq!(back.players[0].problems, d.problems);
        }
    }

    #[test]
    fn unknown_decks_are_named() {
        let e = load_deck("synthetic:green").unwrap_err().to_string();
        assert!(
            e.contains("synthetic:green") && e.contains("synthetic:blue"),
            "{e}"
        );
        let e = load_deck("theme:nobody").unwrap_err().to_string();
        assert!(e.contains("nobody"), "{e}");
    }
}
