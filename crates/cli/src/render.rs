//! Text for people: the board a player sees (drawn from their view only) and readable
//! lines for the game log.

use crate::gamesetup::card_by_number;
use ponyccg_cards::Catalogue;
use ponyccg_core::card::{CardDef, OpponentReq, ReqColor, Requirement};
use ponyccg_core::event::Leave;
use ponyccg_core::view::{View, ViewCard};
use ponyccg_core::{Area, CardId, Event, Game, Outcome, PlayerId, WinReason};

/// How a player is called on screen.
pub fn who(p: PlayerId, me: Option<PlayerId>) -> String {
    match me {
        Some(m) if m == p => format!("{p} (you)"),
        _ => p.to_string(),
    }
}

fn facts(number: &Option<String>) -> Option<CardDef> {
    number
        .as_deref()
        .and_then(|n| card_by_number(n, Catalogue::builtin()))
}

fn req_line(r: &Requirement) -> String {
    match r.color {
        ReqColor::Color(c) => format!("{} {c}", r.power),
        ReqColor::Not(c) => format!("{} non-{c}", r.power),
        ReqColor::Wild => format!("{} any colour", r.power),
        ReqColor::Rainbow => format!("{} of each colour", r.power),
    }
}

/// Both sides' confront requirements of a Problem (209.1): the owner's, then the rest.
pub fn problem_requirements(def: &CardDef) -> Option<(String, String, u16)> {
    let f = def.problem.as_ref()?;
    let own = f.owner.iter().map(req_line).collect::<Vec<_>>().join(" + ");
    let theirs = match f.opponent {
        OpponentReq::Wild(n) => format!("{n} any colour"),
        OpponentReq::Unmeetable => "can't be met".to_string(),
    };
    Some((own, theirs, f.bonus))
}

fn card_line(c: &ViewCard) -> String {
    let name = match (&c.name, c.face_down) {
        (Some(n), true) => format!("{n} (face-down)"),
        (Some(n), false) => n.clone(),
        // Only an opponent's face-down Troublemaker is hidden in play (505.1d).
        (None, _) => "a face-down Troublemaker".to_string(),
    };
    let mut parts = vec![name];
    if let Some(t) = c.card_type {
        parts.push(t.name().to_string());
    }
    if let Some(p) = c.power {
        parts.push(format!("power {p}"));
    }
    if !c.colors.is_empty() {
        parts.push(
            c.colors
                .iter()
                .map(|x| x.name())
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    if c.counters != 0 {
        parts.push(format!("{:+} counters", c.counters));
    }
    for (name, n) in &c.named_counters {
        parts.push(format!("{n} {name}"));
    }
    let state = if c.frightened {
        "frightened"
    } else if c.face_down {
        ""
    } else if c.exhausted {
        "exhausted"
    } else {
        "ready"
    };
    if !state.is_empty() && c.card_type.is_some_and(|t| t.is_character()) {
        parts.push(state.to_string());
    }
    parts.join(" · ")
}

fn hand_line(c: &ViewCard) -> String {
    let mut s = card_line(c);
    if let Some(cost) = c.cost {
        s.push_str(&format!(" · cost {cost}"));
    }
    if let Some(d) = facts(&c.number) {
        if !d.play_reqs.is_empty() {
            let reqs: Vec<String> = d
                .play_reqs
                .iter()
                .map(|r| format!("{} {}", r.power, r.color))
                .collect();
            s.push_str(&format!(" · needs {}", reqs.join(" + ")));
        }
        if let Some(p) = d.points {
            s.push_str(&format!(" · {p} points"));
        }
    }
    s
}

/// The board as `v.viewer` sees it.
pub fn board(v: &View, labels: &[String]) -> String {
    let me = Some(v.viewer);
    let mut out = String::new();
    let push = |out: &mut String, s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    push(
        &mut out,
        format!(
            "=== Turn {} · {}'s turn · {} / {}{} ===",
            v.turn,
            who(v.turn_player, me),
            v.step.phase().name(),
            v.step.name(),
            if v.in_faceoff { " · faceoff" } else { "" }
        ),
    );
    for p in &v.players {
        push(
            &mut out,
            format!(
                "{}: score {} · {} action tokens · hand {} · deck {} · discard {} · Problem deck {}{}",
                who(p.player, me),
                p.score,
                p.tokens,
                p.hand_size,
                p.deck_size,
                p.discard.len(),
                p.problem_deck_size,
                if p.removed { " · left the game" } else { "" }
            ),
        );
    }
    for a in &v.areas {
        let attached = |host: &ViewCard| -> Vec<&ViewCard> {
            a.cards
                .iter()
                .filter(|c| c.host == Some(host.object))
                .collect()
        };
        match a.area {
            Area::Home(p) if Some(p) == me => push(&mut out, "\nYour home".into()),
            Area::Home(p) => push(&mut out, format!("\n{p}'s home")),
            // 522.2b: a Dilemma's area belongs to the Dilemma's controller, whose side of
            // its requirements is the owner's.
            Area::Problem(_) | Area::Dilemma(_) => {
                let Some(pc) = &a.problem else { continue };
                let (kind, p) = match a.area {
                    Area::Problem(p) => ("Problem", p),
                    _ => ("Dilemma", pc.controller),
                };
                push(
                    &mut out,
                    format!("\n{kind} \"{}\" ({}'s)", a.name, who(p, me)),
                );
                if let Some((own, theirs, bonus)) =
                    facts(&pc.number).as_ref().and_then(problem_requirements)
                {
                    push(
                        &mut out,
                        format!(
                            "  requirements: {}: {own} · opponents: {theirs} · bonus {bonus}",
                            who(p, me)
                        ),
                    );
                }
            }
        }
        if a.cards.is_empty() {
            push(&mut out, "  (nobody)".into());
        }
        for c in a.cards.iter().filter(|c| c.host.is_none()) {
            push(
                &mut out,
                format!("  {}: {}", who(c.controller, me), card_line(c)),
            );
            for x in attached(c) {
                push(&mut out, format!("      attached: {}", card_line(x)));
            }
        }
    }
    if let Some(hand) = v
        .players
        .get(v.viewer.index())
        .and_then(|p| p.hand.as_ref())
    {
        push(&mut out, "\nYour hand:".into());
        if hand.is_empty() {
            push(&mut out, "  (empty)".into());
        }
        for c in hand {
            push(&mut out, format!("  {}", hand_line(c)));
        }
    }
    if let Some(o) = &v.outcome {
        push(&mut out, format!("\n{}", outcome(o, me)));
    } else if v.prompt.is_some() {
        push(
            &mut out,
            format!("\n{} — choose:", prompt_text(v.prompt.as_ref())),
        );
        for (i, l) in labels.iter().enumerate() {
            push(&mut out, format!("  {:>2}. {l}", i + 1));
        }
    }
    out
}

fn prompt_text(p: Option<&ponyccg_core::Prompt>) -> &'static str {
    use ponyccg_core::Prompt::*;
    match p {
        Some(StartingProblem) => "Your Starting Problem (102.2)",
        Some(Mulligan) => "Keep this hand or mulligan (102.4)",
        Some(Priority) => "You have priority (510)",
        Some(PhaseAction) => "Main Phase: take an action or end the phase (609)",
        Some(Uncover) => "Uncover your Troublemakers in an order (607.2)",
        Some(Challenge) => "Challenge a Troublemaker? (608)",
        Some(ConfrontOrder) => "Which Problem to confront next (610.1)",
        Some(SendHome) => "Send an involved character home (514.6b)",
        Some(DiscardToHandSize) => "Discard down to your hand size (616.2)",
        Some(RetireToHomeLimit) => "Retire Friends down to your home limit (616.3)",
        Some(RepairUniqueness) => "Choose a card to dismiss (516.2)",
        Some(Replacement) => "Choose the replacement to apply first (710.5)",
        Some(AsEntersPlay) => "As your card enters play (706.1a, 711.6)",
        Some(ChooseColor) => "Choose a colour",
        Some(ChooseCardType) => "Choose a card type",
        Some(Pick) => "Choose cards one at a time",
        Some(ChooseMode) => "Choose a mode",
        _ => "Your decision",
    }
}

/// How a game ended, in a sentence.
pub fn outcome(o: &Outcome, me: Option<PlayerId>) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::Points => "reaching 15 points (103.2)",
                WinReason::OpponentsLeft => "being the last player left (103.3)",
            };
            format!("Game over: {} won by {why}.", who(*winner, me))
        }
        Outcome::Draw => "Game over: a draw (103.2a).".to_string(),
    }
}

/// Names cards in log lines, hiding what `viewer` may not know (`None`: everything).
pub struct Namer<'a> {
    pub game: &'a Game,
    pub viewer: Option<PlayerId>,
}

impl Namer<'_> {
    fn card(&self, c: CardId) -> String {
        match self.viewer {
            Some(v) if !self.game.is_visible_to(c, v) => {
                if self.game.card(c).zone == ponyccg_core::Zone::Play {
                    "a face-down Troublemaker".to_string()
                } else {
                    "a hidden card".to_string()
                }
            }
            _ => format!("\"{}\"", self.game.name(c)),
        }
    }
    fn area(&self, a: Area) -> String {
        match a {
            Area::Home(p) => format!("{}'s home", who(p, self.viewer)),
            Area::Problem(p) => match self.game.problem_at(a) {
                Some(pr) => format!("\"{}\"", self.game.name(pr)),
                None => format!("{}'s Problem", who(p, self.viewer)),
            },
            Area::Dilemma(d) => format!("the area of \"{}\"", self.game.name(d)),
        }
    }
    fn p(&self, p: PlayerId) -> String {
        who(p, self.viewer)
    }

    /// One readable line for an event, or `None` for bookkeeping not worth a line.
    pub fn event(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::TurnBegan { player, turn } => {
                format!("--- Turn {turn}: {}'s turn ---", self.p(*player))
            }
            Event::StepBegan(s) => format!("  [{}]", s.name()),
            Event::StartingProblem { player, card } => {
                format!("{} starts with {}", self.p(*player), self.card(*card))
            }
            Event::FirstPlayer(p) => format!("{} goes first", self.p(*p)),
            Event::Mulliganed(p) => format!("{} mulligans", self.p(*p)),
            Event::GainedTokens { player, amount } => {
                format!("{} gains {amount} action tokens", self.p(*player))
            }
            Event::PaidTokens { player, amount } => {
                format!("{} pays {amount} action tokens", self.p(*player))
            }
            Event::LostTokens { player, amount } => {
                format!("{} loses {amount} action tokens", self.p(*player))
            }
            Event::Peeked { player, card } => {
                format!("{} looks at {}", self.p(*player), self.card(*card))
            }
            Event::Covered(c) => format!("{} is turned face-down", self.card(*c)),
            Event::Drew { player } => format!("{} draws a card", self.p(*player)),
            Event::Readied(_) | Event::Exhausted(_) => return None,
            Event::Played { player, card } => {
                format!("{} plays {}", self.p(*player), self.card(*card))
            }
            Event::EnteredPlay {
                card,
                area,
                face_down,
            } => format!(
                "{} enters play at {}{}",
                self.card(*card),
                self.area(*area),
                if *face_down { " face-down" } else { "" }
            ),
            Event::Moved { card, from, to, .. } => format!(
                "{} moves from {} to {}",
                self.card(*card),
                self.area(*from),
                self.area(*to)
            ),
            Event::Sent { card, from, to } => format!(
                "{} is sent from {} to {}",
                self.card(*card),
                self.area(*from),
                self.area(*to)
            ),
            Event::Frightened(c) => format!("{} is frightened", self.card(*c)),
            Event::Unfrightened(c) => format!("{} is turned face-up", self.card(*c)),
            Event::Uncovered(c) => format!("{} is uncovered", self.card(*c)),
            Event::Left { card, to, how, .. } => {
                let verb = match how {
                    Leave::Dismiss => "is dismissed",
                    Leave::Retire => "is retired",
                    Leave::Discard => "is discarded",
                    Leave::Banish => "is banished",
                    Leave::Cancel => "is cancelled",
                    Leave::ToDeckBottom => "goes to the bottom of a deck",
                    Leave::Spend => "is spent",
                    Leave::FlipToDiscard => "goes from the flip zone",
                };
                format!("{} {verb} (to the {})", self.card(*card), to.name())
            }
            Event::Challenged {
                player,
                troublemaker,
            } => format!(
                "{} challenges {}",
                self.p(*player),
                self.card(*troublemaker)
            ),
            Event::Confronted { player, problem } => {
                format!("{} confronts {}", self.p(*player), self.card(*problem))
            }
            Event::FaceoffBegan => "A faceoff begins".to_string(),
            Event::Flipped { player, card } => {
                format!("{} flips {}", self.p(*player), self.card(*card))
            }
            Event::FaceoffWon { winner } => format!("{} wins the faceoff", self.p(*winner)),
            Event::FaceoffEnded => return None,
            Event::Scored { player, points } => {
                format!("{} scores {points}", self.p(*player))
            }
            Event::Solved { problem } => format!("{} is solved", self.card(*problem)),
            Event::Replaced { old, new } => match new {
                Some(n) => format!("{} is replaced by {}", self.card(*old), self.card(*n)),
                None => format!("{} is replaced", self.card(*old)),
            },
            Event::Conceded(p) => format!("{} concedes", self.p(*p)),
            Event::TurnedOver(c) => format!("{} is turned over", self.card(*c)),
            Event::PhaseBegan(_) | Event::PhaseEnded(_) => return None,
            Event::Defeated {
                player,
                troublemaker,
            } => format!("{} defeats {}", self.p(*player), self.card(*troublemaker)),
            Event::ToDeckTop(c) => format!("{} is put on top of its owner's deck", self.card(*c)),
            Event::LoopEnded => "a loop of mandatory effects is ended (802.3)".to_string(),
            Event::ToHand(c) => format!("{} is put into its owner's hand", self.card(*c)),
            Event::Ignored(c) => format!("{} is ignored", self.card(*c)),
            Event::Milled { player, card } => format!(
                "{} puts {} from the top of their deck into their discard pile",
                self.p(*player),
                self.card(*card)
            ),
            // 517.2 bookkeeping for "score with" abilities: the points were already shown.
            Event::ScoredWith { .. } => return None,
            Event::Reattached { card, host } => {
                format!("{} is attached to {}", self.card(*card), self.card(*host))
            }
            Event::ControlChanged { card, from, to } => format!(
                "{} gains control of {} from {}",
                self.p(*to),
                self.card(*card),
                self.p(*from)
            ),
            Event::Revealed { player, card } => {
                format!("{} reveals {}", self.p(*player), self.card(*card))
            }
            #[allow(unreachable_patterns)]
            other => format!("{other:?}"),
        })
    }
}

/// Runs of the same line become one line with a count ("P1 draws a card (x6)").
pub fn collapse(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for l in lines {
        match out.last_mut() {
            Some((last, n)) if *last == l => *n += 1,
            _ => out.push((l, 1)),
        }
    }
    out.into_iter()
        .map(|(l, n)| if n > 1 { format!("{l} (x{n})") } else { l })
        .collect()
}
