//! A tournament by the Tournament Floor Rules: registration with deck lists,
//! Swiss rounds, results, drops, standings, penalties and a single-elimination
//! top cut.
//!
//! Every operation checks everything first and changes nothing when it refuses,
//! so a refused command leaves the tournament exactly as it was.
//!
//! Choices the floor rules leave open, made here:
//! - Standings: match points, then opponents' match-win percentage, then
//!   opponents' opponents' match-win percentage, then registration order. A
//!   player's match-win percentage is their Swiss matches won (a bye counts as a
//!   win, a draw as half) over matches played, and never less than one third.
//! - Elimination rounds re-seed each round: the best remaining seed meets the
//!   worst remaining seed.
//! - A Game Loss decides a single-game match in progress; given when the match
//!   is already over it applies to the player's next match. In a best-of-three
//!   match it is one game, which the judge includes in the reported game score.

use crate::frac::Frac;
use crate::limited::DeckList;
use crate::swiss::{pair_round, seed_pairs, suggested_rounds, top_cut_size, SwissPlayer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::fmt;

/// Match points (Tournament Policies, Scoring).
pub const WIN_POINTS: u32 = 3;
pub const LOSS_POINTS: u32 = 1;
pub const DRAW_POINTS: u32 = 1;
pub const BYE_POINTS: u32 = 3;
/// Participation minimum (Tournament Policies, Participation Minimums).
pub const MIN_PLAYERS: usize = 4;

/// Event tiers (General Rules and Terms, Tournament System).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    One,
    Two,
    Three,
}

impl Tier {
    pub fn parse(s: &str) -> Result<Tier, EventError> {
        match s.trim().to_ascii_lowercase().trim_start_matches("tier") {
            "1" | "one" => Ok(Tier::One),
            "2" | "two" => Ok(Tier::Two),
            "3" | "three" => Ok(Tier::Three),
            _ => Err(EventError::Invalid(format!(
                "unknown tier `{}` (use 1, 2 or 3)",
                s.trim()
            ))),
        }
    }
    pub fn number(self) -> u8 {
        match self {
            Tier::One => 1,
            Tier::Two => 2,
            Tier::Three => 3,
        }
    }
    /// Games needed to win an elimination match: Tier 3 plays best of three
    /// (Tier 3 Rules, Match Structure); otherwise one game.
    pub fn elimination_games_to_win(self) -> u8 {
        if self == Tier::Three {
            2
        } else {
            1
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tier {}", self.number())
    }
}

/// Why an operation was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("{0}")]
    Invalid(String),
    #[error("no player named `{0}` is registered")]
    NoSuchPlayer(String),
    #[error("{0}")]
    NoSuchMatch(String),
    #[error("{0}")]
    AlreadyReported(String),
    #[error("{0} has dropped from the tournament")]
    Dropped(String),
    #[error("{0}")]
    ResultsMissing(String),
    #[error("the deck of {player} is not legal for {format}: {problems}", problems = .problems.join("; "))]
    IllegalDeck {
        player: String,
        format: String,
        problems: Vec<String>,
    },
    #[error("{0}")]
    WrongStage(String),
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// 1-based, in registration order.
    pub id: u32,
    pub name: String,
    pub deck: DeckList,
    /// Number of rounds paired when the player dropped (0 = before round 1).
    pub dropped_after: Option<u32>,
    pub disqualified: bool,
    /// Game Losses waiting for the player's next match.
    pub pending_game_losses: u32,
    /// Top-cut seed (1 = best), once the cut is made.
    pub seed: Option<u32>,
}

impl Player {
    pub fn active(&self) -> bool {
        self.dropped_after.is_none() && !self.disqualified
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundKind {
    Swiss,
    Elimination,
}

impl RoundKind {
    pub fn name(self) -> &'static str {
        match self {
            RoundKind::Swiss => "swiss",
            RoundKind::Elimination => "elimination",
        }
    }
}

/// The result of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `games`: games won by the winner and by the loser, for best-of-three.
    Win {
        winner: u32,
        games: Option<(u8, u8)>,
    },
    Draw,
    /// Both players lose (both received a Game Loss in the game).
    DoubleLoss,
    Bye,
}

/// One table of a round. `b` is `None` for a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub table: u32,
    pub a: u32,
    pub b: Option<u32>,
    pub result: Option<Outcome>,
    /// The result was set by a penalty or a drop, not reported by the players.
    pub by_penalty: bool,
}

impl Match {
    pub fn involves(&self, p: u32) -> bool {
        self.a == p || self.b == Some(p)
    }
    pub fn opponent(&self, p: u32) -> Option<u32> {
        if self.a == p {
            self.b
        } else if self.b == Some(p) {
            Some(self.a)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// 1-based over the whole event.
    pub number: u32,
    pub kind: RoundKind,
    pub matches: Vec<Match>,
}

impl Round {
    pub fn complete(&self) -> bool {
        self.matches.iter().all(|m| m.result.is_some())
    }
}

/// Penalty types (Tournament Penalties).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyKind {
    ProceduralError,
    GameWarning,
    GameLoss,
    Disqualification,
}

impl PenaltyKind {
    pub fn parse(s: &str) -> Result<PenaltyKind, EventError> {
        match s.trim().to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "procedural-error" | "pe" => Ok(PenaltyKind::ProceduralError),
            "game-warning" | "warning" | "gw" => Ok(PenaltyKind::GameWarning),
            "game-loss" | "gl" => Ok(PenaltyKind::GameLoss),
            "disqualification" | "dq" => Ok(PenaltyKind::Disqualification),
            _ => Err(EventError::Invalid(format!(
                "unknown penalty `{}` (procedural-error, game-warning, game-loss, disqualification)",
                s.trim()
            ))),
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            PenaltyKind::ProceduralError => "procedural-error",
            PenaltyKind::GameWarning => "game-warning",
            PenaltyKind::GameLoss => "game-loss",
            PenaltyKind::Disqualification => "disqualification",
        }
    }
}

/// A penalty as the judge records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty {
    pub id: u32,
    pub player: u32,
    /// The round in progress when it was given (0 = before round 1).
    pub round: u32,
    pub kind: PenaltyKind,
    /// The infraction, normalised to lower case (e.g. "slow play").
    pub infraction: String,
    pub note: String,
    /// A second Game Warning for the same infraction, upgraded to a Game Loss.
    pub upgraded: bool,
}

/// A reported result, by the players' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Winner {
        name: String,
        games: Option<(u8, u8)>,
    },
    Draw,
    DoubleLoss,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub rank: usize,
    pub player: u32,
    pub name: String,
    pub points: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub byes: u32,
    /// Exact fractions: equal tiebreakers must tie (see [`Frac`]).
    pub mwp: Frac,
    pub omwp: Frac,
    pub oomwp: Frac,
    pub active: bool,
}

/// Checks a deck for a format: returns the problems (empty if legal), or an
/// error if the format is unknown.
pub type DeckCheck<'a> = &'a dyn Fn(&str, &DeckList) -> Result<Vec<String>, String>;

/// The whole tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub name: String,
    /// Format key, e.g. "harmony", "limited", "block-premiere".
    pub format: String,
    pub tier: Tier,
    /// Announced number of Swiss rounds (fixed when round 1 is paired if not given).
    pub swiss_rounds: Option<u32>,
    /// Whether elimination rounds were announced.
    pub top_cut: bool,
    pub seed: u64,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    pub penalties: Vec<Penalty>,
}

impl Tournament {
    pub fn new(
        name: &str,
        format: &str,
        tier: Tier,
        swiss_rounds: Option<u32>,
        top_cut: bool,
        seed: u64,
    ) -> Result<Tournament, EventError> {
        if name.trim().is_empty() {
            return Err(EventError::Invalid("a tournament needs a name".into()));
        }
        if swiss_rounds == Some(0) {
            return Err(EventError::Invalid(
                "a tournament needs at least one Swiss round".into(),
            ));
        }
        Ok(Tournament {
            name: name.trim().to_string(),
            format: format.trim().to_ascii_lowercase(),
            tier,
            swiss_rounds,
            top_cut,
            seed,
            players: Vec::new(),
            rounds: Vec::new(),
            penalties: Vec::new(),
        })
    }

    /// Checks the invariants a saved tournament must keep (every match and
    /// penalty names registered players, rounds are numbered in order, a winner
    /// played in the match). Used when a file is loaded.
    pub fn validate(&self) -> Result<(), String> {
        let mut ids = BTreeSet::new();
        let mut names = BTreeSet::new();
        for p in &self.players {
            if !ids.insert(p.id) {
                return Err(format!("player id {} appears twice", p.id));
            }
            if !names.insert(p.name.to_ascii_lowercase()) {
                return Err(format!("player name `{}` appears twice", p.name));
            }
        }
        for (i, r) in self.rounds.iter().enumerate() {
            if r.number != i as u32 + 1 {
                return Err(format!("round {} is out of order", r.number));
            }
            let mut seated = BTreeSet::new();
            for m in &r.matches {
                for id in std::iter::once(m.a).chain(m.b) {
                    if !ids.contains(&id) {
                        return Err(format!(
                            "round {} table {} names unknown player {id}",
                            r.number, m.table
                        ));
                    }
                    if !seated.insert(id) {
                        return Err(format!("player {id} plays twice in round {}", r.number));
                    }
                }
                let ok = match m.result {
                    Some(Outcome::Win { winner, .. }) => m.involves(winner) && m.b.is_some(),
                    Some(Outcome::Bye) => m.b.is_none(),
                    Some(_) => m.b.is_some(),
                    None => m.b.is_some(),
                };
                if !ok {
                    return Err(format!(
                        "round {} table {} has an impossible result",
                        r.number, m.table
                    ));
                }
            }
        }
        for x in &self.penalties {
            if !ids.contains(&x.player) || x.round as usize > self.rounds.len() {
                return Err(format!(
                    "penalty #{} names an unknown player or round",
                    x.id
                ));
            }
        }
        Ok(())
    }

    pub fn player(&self, id: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    pub fn name_of(&self, id: u32) -> &str {
        self.player(id).map_or("?", |p| p.name.as_str())
    }

    /// The player with this name (case-insensitive).
    pub fn find_player(&self, name: &str) -> Result<&Player, EventError> {
        self.players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| EventError::NoSuchPlayer(name.trim().to_string()))
    }

    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    pub fn swiss_rounds_played(&self) -> u32 {
        self.rounds
            .iter()
            .filter(|r| r.kind == RoundKind::Swiss)
            .count() as u32
    }

    /// Registers a player with a deck, checked for the event's format.
    pub fn register(
        &mut self,
        name: &str,
        deck: DeckList,
        check: DeckCheck<'_>,
    ) -> Result<u32, EventError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(EventError::Invalid("a player needs a name".into()));
        }
        if !self.rounds.is_empty() {
            return Err(EventError::WrongStage(format!(
                "registration is closed: round 1 has been paired, so {name} cannot join"
            )));
        }
        if self.find_player(name).is_ok() {
            return Err(EventError::Invalid(format!(
                "a player named `{name}` is already registered"
            )));
        }
        let problems = check(&self.format, &deck).map_err(EventError::Invalid)?;
        if !problems.is_empty() {
            return Err(EventError::IllegalDeck {
                player: name.to_string(),
                format: self.format.clone(),
                problems,
            });
        }
        let id = self.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
        self.players.push(Player {
            id,
            name: name.to_string(),
            deck,
            dropped_after: None,
            disqualified: false,
            pending_game_losses: 0,
            seed: None,
        });
        Ok(id)
    }

    fn require_current_complete(&self, what: &str) -> Result<(), EventError> {
        if let Some(r) = self.current_round() {
            let missing: Vec<String> = r
                .matches
                .iter()
                .filter(|m| m.result.is_none())
                .map(|m| format!("table {}", m.table))
                .collect();
            if !missing.is_empty() {
                return Err(EventError::ResultsMissing(format!(
                    "cannot {what}: round {} still has no result for {}",
                    r.number,
                    missing.join(", ")
                )));
            }
        }
        Ok(())
    }

    fn top_cut_started(&self) -> bool {
        self.rounds.iter().any(|r| r.kind == RoundKind::Elimination)
    }

    /// The announced number of Swiss rounds, or the suggested one for the players
    /// taking part.
    pub fn planned_swiss_rounds(&self) -> Option<u32> {
        self.swiss_rounds
            .or_else(|| suggested_rounds(self.participants()))
    }

    /// Players who took part: everyone registered except those who dropped (or were
    /// disqualified) before round 1 was paired. The suggested number of Swiss rounds
    /// and the top-cut size count these (Tournament Policies, Swiss Rounds; Tier 1
    /// Rules, Elimination Rounds): a player who never played is not a finisher.
    pub fn participants(&self) -> usize {
        self.players
            .iter()
            .filter(|p| {
                let gone_before_start = p.dropped_after == Some(0)
                    || (p.disqualified
                        && self
                            .penalties
                            .iter()
                            .any(|x| x.player == p.id && x.round == 0));
                !gone_before_start
            })
            .count()
    }

    /// Withdraws a registration before the event starts: the player is removed as
    /// if never registered. Once round 1 is paired, a player drops instead.
    pub fn withdraw(&mut self, name: &str) -> Result<Player, EventError> {
        let p = self.find_player(name)?;
        if !self.rounds.is_empty() {
            return Err(EventError::WrongStage(format!(
                "the event has started (round 1 is paired); {} can drop instead of withdrawing",
                p.name
            )));
        }
        if self.penalties.iter().any(|x| x.player == p.id) {
            return Err(EventError::WrongStage(format!(
                "{} has a penalty on record, so the registration stays; use drop",
                p.name
            )));
        }
        let id = p.id;
        let i = self
            .players
            .iter()
            .position(|p| p.id == id)
            .expect("found above");
        Ok(self.players.remove(i))
    }

    /// Edits a registration before the event starts: a new deck (checked for the
    /// event's format like a new registration) and/or a new name.
    pub fn edit_registration(
        &mut self,
        name: &str,
        new_name: Option<&str>,
        deck: Option<DeckList>,
        check: DeckCheck<'_>,
    ) -> Result<u32, EventError> {
        let p = self.find_player(name)?;
        let id = p.id;
        let shown = p.name.clone();
        if !self.rounds.is_empty() {
            return Err(EventError::WrongStage(format!(
                "registration is closed: round 1 has been paired, so the registration of {shown} can no longer change"
            )));
        }
        let new_name = match new_name.map(str::trim) {
            Some("") => return Err(EventError::Invalid("a player needs a name".into())),
            Some(n) => {
                if self
                    .players
                    .iter()
                    .any(|q| q.id != id && q.name.eq_ignore_ascii_case(n))
                {
                    return Err(EventError::Invalid(format!(
                        "a player named `{n}` is already registered"
                    )));
                }
                Some(n.to_string())
            }
            None => None,
        };
        if let Some(d) = &deck {
            let problems = check(&self.format, d).map_err(EventError::Invalid)?;
            if !problems.is_empty() {
                return Err(EventError::IllegalDeck {
                    player: new_name.clone().unwrap_or(shown),
                    format: self.format.clone(),
                    problems,
                });
            }
        }
        let p = self
            .players
            .iter_mut()
            .find(|p| p.id == id)
            .expect("found above");
        if let Some(n) = new_name {
            p.name = n;
        }
        if let Some(d) = deck {
            p.deck = d;
        }
        Ok(id)
    }

    /// The time limit of a round in minutes (Tournament Policies, Match Time Limit;
    /// Tier 2 Rules and Tier 3 Rules, Time Limit): 35 for Swiss rounds and for the
    /// elimination rounds of Tier 1 (which add no rule of their own), 45 for the
    /// elimination rounds of Tier 2. Tier 3 elimination rounds are untimed (`None`).
    pub fn round_minutes(&self, kind: RoundKind) -> Option<u32> {
        match (kind, self.tier) {
            (RoundKind::Swiss, _) | (RoundKind::Elimination, Tier::One) => Some(35),
            (RoundKind::Elimination, Tier::Two) => Some(45),
            (RoundKind::Elimination, Tier::Three) => None,
        }
    }

    /// The tables of round `number` picked for a random deck check (Tier 2 and
    /// Tier 3 Rules, Deck Checks: at least one game each round). Drawn from the
    /// event's seed and the round, so asking again gives the same tables; Tier 1
    /// events recommend none. Byes have no game and are never picked.
    pub fn deck_check_tables(&self, number: u32, count: usize) -> Vec<u32> {
        if self.tier == Tier::One {
            return Vec::new();
        }
        let Some(r) = self.rounds.iter().find(|r| r.number == number) else {
            return Vec::new();
        };
        let mut tables: Vec<u32> = r
            .matches
            .iter()
            .filter(|m| m.b.is_some())
            .map(|m| m.table)
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(
            self.seed ^ (u64::from(number)).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        tables.shuffle(&mut rng);
        tables.truncate(count.max(1));
        tables.sort_unstable();
        tables
    }

    /// Pairs the next round: a Swiss round, or, once the top cut has started, the
    /// next elimination round.
    pub fn pair_next_round(&mut self) -> Result<&Round, EventError> {
        self.require_current_complete("pair the next round")?;
        if self.top_cut_started() {
            return self.pair_elimination();
        }
        if self.rounds.is_empty() && self.participants() < MIN_PLAYERS {
            return Err(EventError::Invalid(format!(
                "a tournament needs at least {MIN_PLAYERS} players (Participation Minimums); {} registered and still in",
                self.participants()
            )));
        }
        let planned = self
            .planned_swiss_rounds()
            .expect("at least four players have registered");
        if self.swiss_rounds_played() >= planned {
            return Err(EventError::WrongStage(format!(
                "all {planned} Swiss rounds have been played; {}",
                if self.top_cut {
                    "make the top cut with `top-cut`"
                } else {
                    "the tournament is over (see `standings`)"
                }
            )));
        }
        let active: Vec<u32> = self
            .players
            .iter()
            .filter(|p| p.active())
            .map(|p| p.id)
            .collect();
        if active.len() < 2 {
            return Err(EventError::WrongStage(format!(
                "only {} active player(s) are left; nobody can be paired",
                active.len()
            )));
        }
        let number = self.rounds.len() as u32 + 1;
        let order: Vec<u32> = if self.rounds.is_empty() {
            let mut v = active.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
            v.shuffle(&mut rng);
            v
        } else {
            self.standings()
                .into_iter()
                .filter(|s| s.active)
                .map(|s| s.player)
                .collect()
        };
        let swiss_players: Vec<SwissPlayer> = order
            .iter()
            .map(|&id| {
                let (opponents, had_bye) = self.history(id);
                SwissPlayer {
                    id,
                    points: self.points(id),
                    had_bye,
                    opponents,
                }
            })
            .collect();
        let pairing = pair_round(&swiss_players);
        if self.swiss_rounds.is_none() {
            self.swiss_rounds = Some(planned);
        }
        let mut matches: Vec<Match> = pairing
            .pairs
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| Match {
                table: i as u32 + 1,
                a,
                b: Some(b),
                result: None,
                by_penalty: false,
            })
            .collect();
        if let Some(bye) = pairing.bye {
            matches.push(Match {
                table: matches.len() as u32 + 1,
                a: bye,
                b: None,
                result: Some(Outcome::Bye),
                by_penalty: false,
            });
        }
        self.rounds.push(Round {
            number,
            kind: RoundKind::Swiss,
            matches,
        });
        self.apply_pending_game_losses();
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// Game Losses given between matches decide the player's next match.
    fn apply_pending_game_losses(&mut self) {
        let Some(round) = self.rounds.last_mut() else {
            return;
        };
        let best_of_three =
            round.kind == RoundKind::Elimination && self.tier.elimination_games_to_win() > 1;
        if best_of_three {
            return;
        }
        for m in round.matches.iter_mut() {
            let Some(b) = m.b else { continue };
            let pa = self
                .players
                .iter()
                .any(|p| p.id == m.a && p.pending_game_losses > 0);
            let pb = self
                .players
                .iter()
                .any(|p| p.id == b && p.pending_game_losses > 0);
            let outcome = match (pa, pb) {
                (true, true) if round.kind == RoundKind::Swiss => Outcome::DoubleLoss,
                (true, true) => continue,
                (true, false) => Outcome::Win {
                    winner: b,
                    games: None,
                },
                (false, true) => Outcome::Win {
                    winner: m.a,
                    games: None,
                },
                (false, false) => continue,
            };
            m.result = Some(outcome);
            m.by_penalty = true;
            for p in self.players.iter_mut() {
                if (p.id == m.a && pa) || (p.id == b && pb) {
                    p.pending_game_losses -= 1;
                }
            }
        }
    }

    /// Opponents met in Swiss rounds and whether the player has had a bye.
    fn history(&self, id: u32) -> (BTreeSet<u32>, bool) {
        let mut opp = BTreeSet::new();
        let mut bye = false;
        for r in self.rounds.iter().filter(|r| r.kind == RoundKind::Swiss) {
            for m in &r.matches {
                if m.involves(id) {
                    match m.opponent(id) {
                        Some(o) => {
                            opp.insert(o);
                        }
                        None => bye = true,
                    }
                }
            }
        }
        (opp, bye)
    }

    /// Match points from Swiss rounds.
    pub fn points(&self, id: u32) -> u32 {
        let r = self.record(id);
        r.wins * WIN_POINTS + r.losses * LOSS_POINTS + r.draws * DRAW_POINTS + r.byes * BYE_POINTS
    }

    fn record(&self, id: u32) -> Record {
        let mut rec = Record::default();
        for r in self.rounds.iter().filter(|r| r.kind == RoundKind::Swiss) {
            for m in r.matches.iter().filter(|m| m.involves(id)) {
                match m.result {
                    Some(Outcome::Bye) => rec.byes += 1,
                    Some(Outcome::Draw) => rec.draws += 1,
                    Some(Outcome::DoubleLoss) => rec.losses += 1,
                    Some(Outcome::Win { winner, .. }) if winner == id => rec.wins += 1,
                    Some(Outcome::Win { .. }) => rec.losses += 1,
                    None => {}
                }
                if let Some(o) = m.opponent(id) {
                    if m.result.is_some() {
                        rec.opponents.push(o);
                    }
                }
            }
        }
        rec
    }

    /// Match-win percentage, floored at one third (Tiebreakers), exactly: a
    /// draw counts half a win.
    fn mwp(&self, id: u32) -> Frac {
        let r = self.record(id);
        let played = (r.wins + r.losses + r.draws + r.byes) as u128;
        let third = Frac::new(1, 3);
        if played == 0 {
            return third;
        }
        let half_wins = 2 * (r.wins + r.byes) as u128 + r.draws as u128;
        Frac::new(half_wins, 2 * played).max(third)
    }

    /// Standings after the Swiss rounds reported so far (dropped players included,
    /// marked inactive).
    pub fn standings(&self) -> Vec<Standing> {
        let ids: Vec<u32> = self.players.iter().map(|p| p.id).collect();
        let mwp: Vec<(u32, Frac)> = ids.iter().map(|&i| (i, self.mwp(i))).collect();
        let get_mwp = |i: u32| {
            mwp.iter()
                .find(|(x, _)| *x == i)
                .map_or(Frac::ZERO, |(_, v)| *v)
        };
        let records: Vec<(u32, Record)> = ids.iter().map(|&i| (i, self.record(i))).collect();
        let omw = |i: u32| -> Frac {
            let r = &records.iter().find(|(x, _)| *x == i).expect("known id").1;
            Frac::mean(r.opponents.iter().map(|&o| get_mwp(o)))
        };
        let omws: Vec<(u32, Frac)> = ids.iter().map(|&i| (i, omw(i))).collect();
        let get_omw = |i: u32| {
            omws.iter()
                .find(|(x, _)| *x == i)
                .map_or(Frac::ZERO, |(_, v)| *v)
        };
        let mut out: Vec<Standing> = self
            .players
            .iter()
            .map(|p| {
                let r = &records
                    .iter()
                    .find(|(x, _)| *x == p.id)
                    .expect("known id")
                    .1;
                let oomwp = Frac::mean(r.opponents.iter().map(|&o| get_omw(o)));
                Standing {
                    rank: 0,
                    player: p.id,
                    name: p.name.clone(),
                    points: self.points(p.id),
                    wins: r.wins,
                    losses: r.losses,
                    draws: r.draws,
                    byes: r.byes,
                    mwp: get_mwp(p.id),
                    omwp: get_omw(p.id),
                    oomwp,
                    active: p.active(),
                }
            })
            .collect();
        out.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(b.omwp.cmp(&a.omwp))
                .then(b.oomwp.cmp(&a.oomwp))
                .then(a.player.cmp(&b.player))
        });
        for (i, s) in out.iter_mut().enumerate() {
            s.rank = i + 1;
        }
        out
    }

    /// Makes the top cut after the last Swiss round: the best four (sixteen
    /// players or fewer) or eight (seventeen or more) active players, seeded by
    /// standing, the highest seed meeting the lowest.
    pub fn make_top_cut(&mut self) -> Result<&Round, EventError> {
        if !self.top_cut {
            return Err(EventError::WrongStage(
                "elimination rounds were not announced for this tournament (create it with --top-cut)".into(),
            ));
        }
        if self.top_cut_started() {
            return Err(EventError::WrongStage(
                "the top cut has already been made; pair the next elimination round with `pair`"
                    .into(),
            ));
        }
        let planned = self.planned_swiss_rounds().unwrap_or(0);
        if self.rounds.is_empty() || self.swiss_rounds_played() < planned {
            return Err(EventError::WrongStage(format!(
                "the top cut comes after the Swiss rounds: {} of {planned} played",
                self.swiss_rounds_played()
            )));
        }
        self.require_current_complete("make the top cut")?;
        let mut size = top_cut_size(self.participants());
        let active: Vec<u32> = self
            .standings()
            .into_iter()
            .filter(|s| s.active)
            .map(|s| s.player)
            .collect();
        while size > active.len() && size > 2 {
            size /= 2;
        }
        if active.len() < size {
            return Err(EventError::WrongStage(format!(
                "only {} active player(s) are left for the top cut",
                active.len()
            )));
        }
        let seeded: Vec<u32> = active[..size].to_vec();
        for (i, id) in seeded.iter().enumerate() {
            if let Some(p) = self.players.iter_mut().find(|p| p.id == *id) {
                p.seed = Some(i as u32 + 1);
            }
        }
        self.push_elimination(&seeded);
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// Pairs an elimination round. With an odd number of survivors (someone
    /// dropped), the best seed goes through on a bye.
    fn push_elimination(&mut self, seeded: &[u32]) {
        let number = self.rounds.len() as u32 + 1;
        let (bye, rest) = if !seeded.len().is_multiple_of(2) {
            (Some(seeded[0]), &seeded[1..])
        } else {
            (None, seeded)
        };
        let mut matches: Vec<Match> = seed_pairs(rest)
            .into_iter()
            .enumerate()
            .map(|(i, (a, b))| Match {
                table: i as u32 + 1,
                a,
                b: Some(b),
                result: None,
                by_penalty: false,
            })
            .collect();
        if let Some(a) = bye {
            matches.push(Match {
                table: matches.len() as u32 + 1,
                a,
                b: None,
                result: Some(Outcome::Bye),
                by_penalty: false,
            });
        }
        self.rounds.push(Round {
            number,
            kind: RoundKind::Elimination,
            matches,
        });
        self.apply_pending_game_losses();
    }

    /// The players still in the elimination rounds (who have not dropped), best
    /// seed first.
    fn elimination_survivors(&self) -> Vec<u32> {
        let mut v = self.elimination_winners();
        v.retain(|id| self.player(*id).is_some_and(Player::active));
        v
    }

    /// Winners (and bye holders) of the last elimination round, best seed first.
    fn elimination_winners(&self) -> Vec<u32> {
        let last = self
            .rounds
            .iter()
            .rev()
            .find(|r| r.kind == RoundKind::Elimination);
        let mut v: Vec<u32> = match last {
            None => Vec::new(),
            Some(r) => r
                .matches
                .iter()
                .filter_map(|m| match m.result {
                    Some(Outcome::Win { winner, .. }) => Some(winner),
                    Some(Outcome::Bye) => Some(m.a),
                    _ => None,
                })
                .collect(),
        };
        v.sort_by_key(|id| self.player(*id).and_then(|p| p.seed).unwrap_or(u32::MAX));
        v
    }

    /// The winner, once the elimination rounds are over.
    pub fn champion(&self) -> Option<u32> {
        if !self.top_cut_started() || !self.current_round().is_some_and(Round::complete) {
            return None;
        }
        let all = self.elimination_winners();
        if all.len() == 1 {
            return Some(all[0]);
        }
        let s = self.elimination_survivors();
        (s.len() == 1).then(|| s[0])
    }

    fn pair_elimination(&mut self) -> Result<&Round, EventError> {
        let survivors = self.elimination_survivors();
        if survivors.len() <= 1 {
            return Err(EventError::WrongStage(match survivors.first() {
                Some(w) => format!("the tournament is over: {} won", self.name_of(*w)),
                None => "the elimination rounds have no winner".into(),
            }));
        }
        self.push_elimination(&survivors);
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// Finds the match of the current round at `table`, or the one `player` is in.
    fn locate(&self, round: Option<u32>, table: u32) -> Result<(usize, usize), EventError> {
        let Some(cur) = self.current_round() else {
            return Err(EventError::NoSuchMatch(
                "no round has been paired yet".into(),
            ));
        };
        let rn = round.unwrap_or(cur.number);
        let Some(ri) = self.rounds.iter().position(|r| r.number == rn) else {
            return Err(EventError::NoSuchMatch(format!(
                "there is no round {rn} (the current round is {})",
                cur.number
            )));
        };
        let Some(mi) = self.rounds[ri]
            .matches
            .iter()
            .position(|m| m.table == table)
        else {
            return Err(EventError::NoSuchMatch(format!(
                "round {rn} has no table {table} (tables 1-{})",
                self.rounds[ri].matches.len()
            )));
        };
        Ok((ri, mi))
    }

    /// The table of `player` in the current round.
    pub fn table_of(&self, name: &str) -> Result<u32, EventError> {
        let p = self.find_player(name)?;
        let cur = self
            .current_round()
            .ok_or_else(|| EventError::NoSuchMatch("no round has been paired yet".into()))?;
        cur.matches
            .iter()
            .find(|m| m.involves(p.id))
            .map(|m| m.table)
            .ok_or_else(|| {
                EventError::NoSuchMatch(format!("{} has no match in round {}", p.name, cur.number))
            })
    }

    /// Records the result of the match at `table` of round `round` (default: the
    /// current round).
    pub fn report(
        &mut self,
        round: Option<u32>,
        table: u32,
        report: &Report,
    ) -> Result<(), EventError> {
        let (ri, mi) = self.locate(round, table)?;
        let r = &self.rounds[ri];
        let m = &r.matches[mi];
        let Some(b) = m.b else {
            return Err(EventError::AlreadyReported(format!(
                "table {table} of round {} is a bye for {}; it has no result to report",
                r.number,
                self.name_of(m.a)
            )));
        };
        for id in [m.a, b] {
            let p = self.player(id).expect("paired players are registered");
            if !p.active() {
                return Err(EventError::Dropped(p.name.clone()));
            }
        }
        if let Some(res) = m.result {
            return Err(EventError::AlreadyReported(format!(
                "table {table} of round {} already has a result ({}){}",
                r.number,
                self.describe(res),
                if m.by_penalty {
                    ", set by a penalty"
                } else {
                    ""
                }
            )));
        }
        if ri + 1 != self.rounds.len() {
            return Err(EventError::WrongStage(format!(
                "round {} is over; only the current round takes results",
                r.number
            )));
        }
        let elimination = r.kind == RoundKind::Elimination;
        let outcome = match report {
            Report::Draw | Report::DoubleLoss if elimination => {
                return Err(EventError::Invalid(
                    "an elimination match cannot end in a draw or with both players losing; play another game (after time is called, to the first change in points)".into(),
                ))
            }
            Report::Draw => Outcome::Draw,
            Report::DoubleLoss => Outcome::DoubleLoss,
            Report::Winner { name, games } => {
                let w = self.find_player(name)?;
                if !m.involves(w.id) {
                    return Err(EventError::Invalid(format!(
                        "{} does not play at table {table} ({} v {})",
                        w.name,
                        self.name_of(m.a),
                        self.name_of(b)
                    )));
                }
                let need = if elimination {
                    self.tier.elimination_games_to_win()
                } else {
                    1
                };
                let games = match games {
                    None if need == 1 => None,
                    None => {
                        return Err(EventError::Invalid(format!(
                            "this {} elimination match is best of three: give the game score, e.g. 2-1",
                            self.tier
                        )))
                    }
                    Some((w_games, l_games)) if *w_games == need && *l_games < need => {
                        Some((*w_games, *l_games))
                    }
                    Some((w_games, l_games)) => {
                        return Err(EventError::Invalid(format!(
                            "a game score of {w_games}-{l_games} does not finish a match won at {need} game(s)"
                        )))
                    }
                };
                Outcome::Win {
                    winner: w.id,
                    games,
                }
            }
        };
        let m = &mut self.rounds[ri].matches[mi];
        m.result = Some(outcome);
        m.by_penalty = false;
        Ok(())
    }

    pub fn describe(&self, o: Outcome) -> String {
        match o {
            Outcome::Win {
                winner,
                games: Some((w, l)),
            } => format!("{} won {w}-{l}", self.name_of(winner)),
            Outcome::Win { winner, .. } => format!("{} won", self.name_of(winner)),
            Outcome::Draw => "draw".into(),
            Outcome::DoubleLoss => "both lost".into(),
            Outcome::Bye => "bye".into(),
        }
    }

    /// A player drops (Conceding and Dropping). If their match of the current
    /// round has no result yet, they concede it.
    pub fn drop_player(&mut self, name: &str) -> Result<(), EventError> {
        let p = self.find_player(name)?;
        if !p.active() {
            return Err(EventError::Dropped(p.name.clone()));
        }
        let id = p.id;
        self.concede_current(id);
        let paired = self.rounds.len() as u32;
        let p = self.players.iter_mut().find(|p| p.id == id).expect("found");
        p.dropped_after = Some(paired);
        Ok(())
    }

    fn concede_current(&mut self, id: u32) {
        if let Some(r) = self.rounds.last_mut() {
            if let Some(m) = r
                .matches
                .iter_mut()
                .find(|m| m.involves(id) && m.result.is_none())
            {
                if let Some(o) = m.opponent(id) {
                    m.result = Some(Outcome::Win {
                        winner: o,
                        games: None,
                    });
                    m.by_penalty = true;
                }
            }
        }
    }

    /// Records a penalty. A second Game Warning for the same infraction becomes a
    /// Game Loss; a Game Loss decides the player's single-game match in progress
    /// (or their next one); a Disqualification removes the player, conceding the
    /// match in progress.
    pub fn penalize(
        &mut self,
        name: &str,
        kind: PenaltyKind,
        infraction: &str,
        note: &str,
    ) -> Result<Penalty, EventError> {
        let p = self.find_player(name)?;
        if !p.active() {
            return Err(EventError::Dropped(p.name.clone()));
        }
        let infraction = infraction.trim().to_ascii_lowercase();
        if infraction.is_empty() {
            return Err(EventError::Invalid(
                "name the infraction (e.g. \"slow play\")".into(),
            ));
        }
        let id = p.id;
        let round = self.rounds.len() as u32;
        let mut kind = kind;
        let mut upgraded = false;
        if kind == PenaltyKind::GameWarning
            && self.penalties.iter().any(|x| {
                x.player == id
                    && x.infraction == infraction
                    && (x.kind == PenaltyKind::GameWarning || x.upgraded)
            })
        {
            kind = PenaltyKind::GameLoss;
            upgraded = true;
        }
        match kind {
            PenaltyKind::GameLoss => self.game_loss(id),
            PenaltyKind::Disqualification => {
                self.concede_current(id);
                let p = self.players.iter_mut().find(|p| p.id == id).expect("found");
                p.disqualified = true;
            }
            _ => {}
        }
        let penalty = Penalty {
            id: self.penalties.iter().map(|x| x.id).max().unwrap_or(0) + 1,
            player: id,
            round,
            kind,
            infraction,
            note: note.trim().to_string(),
            upgraded,
        };
        self.penalties.push(penalty.clone());
        Ok(penalty)
    }

    fn game_loss(&mut self, id: u32) {
        let best_of_three = |r: &Round, tier: Tier| {
            r.kind == RoundKind::Elimination && tier.elimination_games_to_win() > 1
        };
        let tier = self.tier;
        let round = self.rounds.len() as u32;
        let opponent_has_game_loss = |opp: u32| {
            self.penalties
                .iter()
                .any(|x| x.player == opp && x.round == round && x.kind == PenaltyKind::GameLoss)
        };
        let double = self
            .rounds
            .last()
            .and_then(|r| r.matches.iter().find(|m| m.involves(id) && m.b.is_some()))
            .and_then(|m| m.opponent(id))
            .is_some_and(opponent_has_game_loss);
        if let Some(r) = self.rounds.last_mut() {
            if best_of_three(r, tier) {
                return;
            }
            let swiss = r.kind == RoundKind::Swiss;
            if let Some(m) = r
                .matches
                .iter_mut()
                .find(|m| m.involves(id) && m.b.is_some())
            {
                let opp = m.opponent(id).expect("not a bye");
                match m.result {
                    None => {
                        m.result = Some(Outcome::Win {
                            winner: opp,
                            games: None,
                        });
                        m.by_penalty = true;
                        return;
                    }
                    // Both players given a Game Loss in the same game both lose.
                    Some(Outcome::Win { winner, .. })
                        if m.by_penalty && winner == id && swiss && double =>
                    {
                        m.result = Some(Outcome::DoubleLoss);
                        return;
                    }
                    _ => {}
                }
            }
        }
        if let Some(p) = self.players.iter_mut().find(|p| p.id == id) {
            p.pending_game_losses += 1;
        }
    }

    /// Reports every open match of the current round with results from `play`
    /// (e.g. games played by the engine between the registered decks, the
    /// end-of-match procedure of [`crate::time_called`] deciding games that run
    /// out of time). If `play` fails for any match, or a result is refused,
    /// nothing is recorded.
    pub fn play_round_with(
        &mut self,
        mut play: impl FnMut(&Player, &Player, &Round) -> Result<Report, String>,
    ) -> Result<(), EventError> {
        let Some(r) = self.current_round() else {
            return Err(EventError::WrongStage(
                "no round has been paired yet".into(),
            ));
        };
        let open: Vec<(u32, u32, u32)> = r
            .matches
            .iter()
            .filter(|m| m.result.is_none())
            .filter_map(|m| m.b.map(|b| (m.table, m.a, b)))
            .collect();
        let mut reports = Vec::new();
        for (table, a, b) in open {
            let pa = self.player(a).expect("registered");
            let pb = self.player(b).expect("registered");
            let rep = play(pa, pb, r).map_err(|e| {
                EventError::Invalid(format!(
                    "round {} table {table} ({} v {}) could not be played: {e}",
                    r.number, pa.name, pb.name
                ))
            })?;
            reports.push((table, rep));
        }
        let mut next = self.clone();
        for (table, rep) in reports {
            next.report(None, table, &rep)?;
        }
        *self = next;
        Ok(())
    }
}

#[derive(Default)]
struct Record {
    wins: u32,
    losses: u32,
    draws: u32,
    byes: u32,
    opponents: Vec<u32>,
}
