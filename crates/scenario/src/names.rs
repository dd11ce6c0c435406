//! The words of the format: players, areas, zones, steps and phases, colours,
//! requirements, card types. Each parser returns `Err(what was expected)`.

use ponyccg_core::board::StartAt;
use ponyccg_core::card::{CardType, Color, Keyword, ReqColor};
use ponyccg_core::{Area, Phase, PlayerId, Step, Zone};

fn norm(s: &str) -> String {
    s.trim()
        .to_ascii_lowercase()
        .replace(['-', '_'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// "P1".."P8", limited to the players of the file.
pub fn player(s: &str, players: usize) -> Result<PlayerId, String> {
    let t = s.trim();
    let n = t
        .strip_prefix('P')
        .or_else(|| t.strip_prefix('p'))
        .and_then(|d| d.parse::<usize>().ok());
    match n {
        Some(n) if n >= 1 && n <= players => Ok(PlayerId((n - 1) as u8)),
        _ => Err(format!(
            "a player, P1 to P{players} (this file has {players} players), not {s:?}"
        )),
    }
}

/// An area: "home" (of `default_home`), "P2 home", or "P2" / "P2 problem" for a
/// Problem area.
pub fn area(s: &str, players: usize, default_home: Option<PlayerId>) -> Result<Area, String> {
    let n = norm(s);
    let words: Vec<&str> = n.split(' ').collect();
    let expected =
        || format!("an area: \"home\", \"P1 home\", or a Problem area such as \"P2\", not {s:?}");
    match words.as_slice() {
        ["home"] => default_home
            .map(Area::Home)
            .ok_or_else(|| format!("\"home\" needs a player here: write \"P1 home\", not {s:?}")),
        [p, "home"] | ["home", p] => Ok(Area::Home(player(p, players).map_err(|_| expected())?)),
        [p] | [p, "problem"] | ["problem", p] => {
            Ok(Area::Problem(player(p, players).map_err(|_| expected())?))
        }
        _ => Err(expected()),
    }
}

pub fn zone(s: &str) -> Result<Zone, String> {
    Ok(match norm(s).as_str() {
        "hand" => Zone::Hand,
        "deck" | "draw deck" => Zone::DrawDeck,
        "problem deck" => Zone::ProblemDeck,
        "discard" | "discard pile" => Zone::Discard,
        "banished" | "banished zone" => Zone::Banished,
        "set aside" => Zone::SetAside,
        "flip" | "flip zone" | "flipped" => Zone::Flip,
        "play" | "in play" => Zone::Play,
        _ => {
            return Err(format!(
                "a zone: hand, deck, problem deck, discard, banished, set aside, flip or play, not {s:?}"
            ))
        }
    })
}

/// A step or a phase of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Step(Step),
    Phase(Phase),
}

impl Target {
    pub fn matches(self, s: Step) -> bool {
        match self {
            Target::Step(t) => t == s,
            Target::Phase(p) => s.phase() == p,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Target::Step(s) => s.name(),
            Target::Phase(p) => p.name(),
        }
    }
}

pub fn target(s: &str) -> Result<Target, String> {
    use Target::{Phase as P, Step as St};
    Ok(match norm(s).as_str() {
        "setup" => St(Step::Setup),
        "ready" | "ready step" => St(Step::Ready),
        "action" | "action step" => St(Step::Action),
        "draw" | "draw step" => St(Step::Draw),
        "uncover" | "uncover step" => St(Step::Uncover),
        "challenge" | "challenge step" => St(Step::Challenge),
        "main" | "main phase" => St(Step::Main),
        "confront" | "confront step" => St(Step::Confront),
        "faceoff" | "faceoff step" => St(Step::Faceoff),
        "solve" | "solve step" => St(Step::Solve),
        "end of turn" | "end of turn step" => St(Step::EndOfTurn),
        "wrap up" | "wrap up step" | "wrapup" => St(Step::WrapUp),
        "ready phase" => P(Phase::Ready),
        "troublemaker" | "troublemaker phase" => P(Phase::Troublemaker),
        "score" | "score phase" => P(Phase::Score),
        "end" | "end phase" => P(Phase::End),
        _ => {
            return Err(format!(
                "a step or phase (ready, action, draw, uncover, challenge, main, confront, \
                 faceoff, solve, end of turn, wrap up, or ready/troublemaker/score/end phase), not {s:?}"
            ))
        }
    })
}

pub fn start_at(s: &str) -> Result<StartAt, String> {
    Ok(match norm(s).as_str() {
        "setup" => StartAt::Setup,
        "turn start" | "ready" | "ready step" | "ready phase" => StartAt::TurnStart,
        "troublemaker" | "troublemaker phase" | "uncover" | "uncover step" => {
            StartAt::TroublemakerPhase
        }
        "challenge" | "challenge step" => StartAt::ChallengeStep,
        "main" | "main phase" => StartAt::MainPhase,
        "score" | "score phase" | "confront" | "confront step" => StartAt::ScorePhase,
        "end" | "end phase" | "end of turn" | "end of turn step" => StartAt::EndPhase,
        _ => {
            return Err(format!(
                "where to start: setup, turn start, troublemaker, challenge, main, score or end, not {s:?}"
            ))
        }
    })
}

pub fn color(s: &str) -> Result<Color, String> {
    Color::parse(s)
        .ok_or_else(|| format!("a colour (blue, orange, pink, purple, white, yellow), not {s:?}"))
}

/// "3 blue", "1 not blue", "2 wild", "1 rainbow" (each of the six colours).
pub fn requirement(s: &str) -> Result<(ReqColor, u16), String> {
    let n = norm(s);
    let expected =
        || format!("a requirement such as \"3 blue\", \"1 not blue\" or \"2 wild\", not {s:?}");
    let (num, rest) = n.split_once(' ').ok_or_else(expected)?;
    let power: u16 = num.parse().map_err(|_| expected())?;
    let color = match rest {
        "wild" | "any" => ReqColor::Wild,
        "rainbow" => ReqColor::Rainbow,
        r => match r.strip_prefix("not ") {
            Some(c) => ReqColor::Not(color(c).map_err(|_| expected())?),
            None => ReqColor::Color(color(r).map_err(|_| expected())?),
        },
    };
    Ok((color, power))
}

pub fn card_type(s: &str) -> Result<CardType, String> {
    Ok(match norm(s).as_str() {
        "mane" | "mane character" => CardType::ManeCharacter,
        "friend" => CardType::Friend,
        "event" => CardType::Event,
        "resource" => CardType::Resource,
        "troublemaker" => CardType::Troublemaker,
        "problem" => CardType::Problem,
        _ => {
            return Err(format!(
                "a card type (mane, friend, event, resource, troublemaker, problem), not {s:?}"
            ))
        }
    })
}

pub fn keyword(s: &str) -> Result<Keyword, String> {
    Keyword::parse(s).ok_or_else(|| {
        format!("a keyword of the glossary such as \"Home Limit 3\" or \"Swift\", not {s:?}")
    })
}

/// Prompts compared without case, spaces or punctuation: "send home" = SendHome.
pub fn prompt_key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase()
}

pub const PROMPTS: &[&str] = &[
    "starting problem",
    "mulligan",
    "priority",
    "phase action",
    "uncover",
    "challenge",
    "confront order",
    "send home",
    "discard to hand size",
    "retire to home limit",
    "repair uniqueness",
    "order triggers",
    "may",
    "target",
    "discard",
    "choose problem",
    "arrange",
    "replacement",
    "as enters play",
    "choose color",
    "choose card type",
    "name card",
    "pick",
    "choose mode",
    "faceoff cards",
];

/// What the outcome of the game should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeSpec {
    Ongoing,
    Draw,
    Win(PlayerId, Option<ponyccg_core::WinReason>),
}

pub fn outcome(s: &str, players: usize) -> Result<OutcomeSpec, String> {
    use ponyccg_core::WinReason;
    let n = norm(s);
    let expected = || {
        format!(
            "an outcome: \"ongoing\", \"draw\", \"P1 wins\", \"P1 wins by points\" or \
             \"P1 wins by concession\", not {s:?}"
        )
    };
    match n.as_str() {
        "ongoing" | "none" => return Ok(OutcomeSpec::Ongoing),
        "draw" => return Ok(OutcomeSpec::Draw),
        _ => {}
    }
    let words: Vec<&str> = n.split(' ').collect();
    let (p, rest) = match words.as_slice() {
        [p, "wins", rest @ ..] => (player(p, players).map_err(|_| expected())?, rest),
        _ => return Err(expected()),
    };
    let reason = match rest {
        [] => None,
        ["by", "points"] => Some(WinReason::Points),
        ["by", "concession"] | ["by", "opponents", "left"] => Some(WinReason::OpponentsLeft),
        _ => return Err(expected()),
    };
    Ok(OutcomeSpec::Win(p, reason))
}
