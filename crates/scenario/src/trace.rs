//! Events as readable lines, for `--trace` and for `happened` expectations.

use ponyccg_core::event::Leave;
use ponyccg_core::{Area, CardId, Event, Game};

pub fn area(g: &Game, a: Area) -> String {
    // Not the Problem's name: events are rendered after the action, when the Problem
    // there may already have been replaced.
    match a {
        Area::Home(p) => format!("{p}'s home"),
        Area::Problem(p) => format!("{p}'s Problem area"),
        // The Dilemma's name is kept even after it has left play (522.3).
        Area::Dilemma(d) => format!("the Dilemma area of \"{}\"", g.name(d)),
    }
}

fn q(g: &Game, c: CardId) -> String {
    format!("\"{}\"", g.name(c))
}

fn points(n: u16) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}

/// One event as a sentence. Card names are given even for hidden cards: the trace is for
/// the scenario's author, who sees everything.
#[allow(unreachable_patterns)]
pub fn render(g: &Game, e: &Event) -> String {
    match e {
        Event::TurnBegan { player, turn } => format!("turn {turn} begins ({player})"),
        Event::StepBegan(s) => format!("{} begins", s.name()),
        Event::StartingProblem { player, card } => {
            format!("{player} starts with {}", q(g, *card))
        }
        Event::FirstPlayer(p) => format!("{p} goes first"),
        Event::Mulliganed(p) => format!("{p} mulligans"),
        Event::GainedTokens { player, amount } => {
            format!("{player} gains {amount} action tokens")
        }
        Event::PaidTokens { player, amount } => format!("{player} pays {amount} action tokens"),
        Event::LostTokens { player, amount } => format!("{player} loses {amount} action tokens"),
        Event::Peeked { player, card } => format!("{player} looks at {}", q(g, *card)),
        Event::Covered(c) => format!("{} is turned face-down", q(g, *c)),
        Event::Drew { player } => format!("{player} draws a card"),
        Event::Readied(c) => format!("{} is readied", q(g, *c)),
        Event::Exhausted(c) => format!("{} is exhausted", q(g, *c)),
        Event::Played { player, card } => format!("{player} plays {}", q(g, *card)),
        Event::EnteredPlay {
            card,
            area: a,
            face_down,
        } => format!(
            "{} enters play at {}{}",
            q(g, *card),
            area(g, *a),
            if *face_down { " face-down" } else { "" }
        ),
        Event::Moved { card, from, to, .. } => format!(
            "{} moves from {} to {}",
            q(g, *card),
            area(g, *from),
            area(g, *to)
        ),
        Event::Sent { card, from, to } => format!(
            "{} is sent from {} to {}",
            q(g, *card),
            area(g, *from),
            area(g, *to)
        ),
        Event::Frightened(c) => format!("{} is frightened", q(g, *c)),
        Event::Unfrightened(c) => format!("{} is turned face-up", q(g, *c)),
        Event::Uncovered(c) => format!("{} is uncovered", q(g, *c)),
        Event::Left { card, to, how, .. } => {
            let verb = match how {
                Leave::Dismiss => "dismissed",
                Leave::Retire => "retired",
                Leave::Discard => "discarded",
                Leave::Banish => "banished",
                Leave::Cancel => "canceled",
                Leave::ToDeckBottom => "put on the bottom",
                Leave::Spend => "spent",
                Leave::FlipToDiscard => "put from the flip zone",
            };
            let owner = g.card(*card).owner;
            format!("{} is {verb} (to {owner}'s {})", q(g, *card), to.name())
        }
        Event::Challenged {
            player,
            troublemaker,
        } => format!("{player} challenges {}", q(g, *troublemaker)),
        Event::Confronted { player, problem } => {
            format!("{player} confronts {}", q(g, *problem))
        }
        Event::FaceoffBegan => "a faceoff begins".to_string(),
        Event::Flipped { player, card } => {
            let power = g.def(*card).face.power.unwrap_or(0);
            format!("{player} flips {} (power {power})", q(g, *card))
        }
        Event::FaceoffWon { winner } => format!("{winner} wins the faceoff"),
        Event::FaceoffEnded => "the faceoff ends".to_string(),
        Event::Scored { player, points: n } => format!("{player} scores {n} {}", points(*n)),
        Event::Solved { problem } => format!("{} is solved", q(g, *problem)),
        Event::Replaced { old, new } => match new {
            Some(n) => format!("{} is replaced by {}", q(g, *old), q(g, *n)),
            None => format!("{} is replaced by nothing", q(g, *old)),
        },
        Event::Conceded(p) => format!("{p} concedes"),
        Event::TurnedOver(c) => format!("{} is turned over", q(g, *c)),
        Event::PhaseBegan(p) => format!("{} starts", p.name()),
        Event::PhaseEnded(p) => format!("{} reaches its end", p.name()),
        Event::Defeated {
            player,
            troublemaker,
        } => format!("{player} defeats {}", q(g, *troublemaker)),
        Event::ToDeckTop(c) => format!("{} is put on top of its owner's deck", q(g, *c)),
        Event::LoopEnded => "a loop of mandatory effects is ended (802.3)".to_string(),
        Event::ToHand(c) => format!("{} is put into its owner's hand", q(g, *c)),
        Event::Ignored(c) => format!("{} is ignored", q(g, *c)),
        Event::Milled { player, card } => format!(
            "{player} puts {} from the top of their deck into their discard pile",
            q(g, *card)
        ),
        Event::ScoredWith { card, points } => {
            format!("{points} point(s) scored with {}", q(g, *card))
        }
        Event::Reattached { card, host } => {
            format!("{} is attached to {}", q(g, *card), q(g, *host))
        }
        Event::ControlChanged { card, from, to } => {
            format!("{to} gains control of {} from {from}", q(g, *card))
        }
        Event::Revealed { player, card } => format!("{player} reveals {}", q(g, *card)),
        #[allow(unreachable_patterns)]
        other => format!("{other:?}"),
    }
}
