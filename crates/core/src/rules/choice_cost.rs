//! What a choice costs in action tokens, as a front end shows it beside the choice
//! (609.2: each Main Phase action has its cost; 705.2b: cost changes in force apply).

use crate::ability::CostedAction;
use crate::decision::Choice;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::rules::main_phase::{DRAW_COST, RALLY_COST};

impl Game {
    /// The action tokens `p` would pay for `choice` now, if it is an action with a cost in
    /// tokens; `None` for answers that cost nothing and for activated abilities, whose
    /// costs are in their text.
    pub fn choice_cost(&self, p: PlayerId, choice: &Choice) -> Option<u16> {
        match *choice {
            Choice::PlayFriend { card, to } | Choice::PlayTimed { card, to } => {
                Some(self.play_cost_at(p, card, to, None))
            }
            Choice::PlayRedeemed { card, to, .. } => Some(self.redeem_cost(p, card, to)),
            Choice::PlayTransformed { card, to, .. } => Some(self.transformed_cost(p, card, to)),
            Choice::PlayOn { card, host } => {
                let at = self.card(host).area?;
                Some(self.play_cost_at(p, card, at, Some(host)))
            }
            Choice::PlayResource { card } => {
                let to = self.entry_area(card, crate::ids::Area::Home(p));
                Some(self.play_cost_at(p, card, to, None))
            }
            Choice::PlayEvent { card } => Some(self.play_cost(p, card)),
            Choice::PlayTroublemaker { card, to } => Some(self.troublemaker_cost(p, card, to)),
            Choice::Move { card, to } => Some(self.move_cost(p, card, to)),
            Choice::Draw => Some(self.action_cost(CostedAction::Draw, p, DRAW_COST, None)),
            Choice::Challenge(tm) => Some(self.challenge_cost(p, tm)).filter(|&n| n > 0),
            Choice::Rally { card } => {
                Some(self.action_cost(CostedAction::Rally, p, RALLY_COST, Some(card)))
            }
            Choice::Pass
            | Choice::Continue
            | Choice::StartingProblem(_)
            | Choice::Mulligan
            | Choice::Keep
            | Choice::Uncover(_)
            | Choice::Confront(_)
            | Choice::Card(_)
            | Choice::Activate { .. }
            | Choice::Trigger(_)
            | Choice::Yes
            | Choice::No
            | Choice::NoCard
            | Choice::Problem(_)
            | Choice::ToTop(_)
            | Choice::ToBottom(_)
            | Choice::Replacement { .. }
            | Choice::Color(_)
            | Choice::Mode(_)
            | Choice::CardType(_)
            | Choice::Name(_)
            | Choice::StaticFirst { .. } => None,
        }
    }
}
