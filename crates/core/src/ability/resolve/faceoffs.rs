//! Faceoffs effects start (514.1, 514.3c, 608 by an effect): choosing who is involved.

use super::*;
use crate::event::Event;
use crate::ids::PlayerId;
use crate::rules::prohibit::Attempt;
use crate::state::FaceoffKind;

/// The faceoff an effect starts: its kind and its players, the starter first.
pub(super) type Started = (FaceoffKind, Vec<PlayerId>);

impl Game {
    /// The kind of faceoff `start` makes and its players (the controller first, 514.3),
    /// once the controller has chosen; `None` when it can't start (514.1, 707.4a).
    pub(super) fn faceoff_start(
        &mut self,
        start: &FaceoffStart,
        ctx: &Ctx,
        answer: Option<Choice>,
        chosen: &mut Option<CardId>,
        sel: &mut Selection,
    ) -> Result<Option<Started>, (Prompt, Vec<Choice>)> {
        if self.st.faceoff.is_some() {
            return Ok(None);
        }
        let you = ctx.you;
        let rival = self.next_player(you);
        let players = vec![you, rival];
        match start {
            FaceoffStart::Between { yours, theirs } => {
                if let (None, Some(Choice::Card(c))) = (*chosen, &answer) {
                    *chosen = Some(*c);
                    return self.faceoff_start(start, ctx, None, chosen, sel);
                }
                let Some(first) = *chosen else {
                    let options: Vec<Choice> = self
                        .matching(yours, ctx)
                        .into_iter()
                        .filter(|&c| !self.pair_for(c, theirs, ctx).is_empty())
                        .map(Choice::Card)
                        .collect();
                    if options.is_empty() {
                        return Ok(None);
                    }
                    return Err((Prompt::FaceoffCards, options));
                };
                let second = match answer {
                    Some(Choice::Card(c)) => c,
                    _ => {
                        let options: Vec<Choice> = self
                            .pair_for(first, theirs, ctx)
                            .into_iter()
                            .map(Choice::Card)
                            .collect();
                        if options.is_empty() {
                            return Ok(None);
                        }
                        return Err((Prompt::FaceoffCards, options));
                    }
                };
                let cards = [first, second]
                    .iter()
                    .map(|&c| (c, self.card(c).object))
                    .collect();
                Ok(Some((FaceoffKind::ByEffect { cards, at: None }, players)))
            }
            FaceoffStart::AtAProblem => {
                let at = match answer {
                    Some(Choice::Problem(a)) => a,
                    _ => {
                        let options: Vec<Choice> = self
                            .problem_areas()
                            .filter(|&a| {
                                self.characters_at(you, a).next().is_some()
                                    && self.characters_at(rival, a).next().is_some()
                            })
                            .map(Choice::Problem)
                            .collect();
                        if options.is_empty() {
                            return Ok(None);
                        }
                        return Err((Prompt::FaceoffCards, options));
                    }
                };
                Ok(Some((
                    FaceoffKind::ByEffect {
                        cards: Vec::new(),
                        at: Some(at),
                    },
                    players,
                )))
            }
            FaceoffStart::Challenge {
                troublemaker,
                alone,
                with_one,
            } => {
                let mut alone = alone.then_some(ctx.source);
                let tm = match (*chosen, with_one) {
                    // CN101: the Troublemaker is chosen; now the one character.
                    (Some(tm), Some(with)) => {
                        let ones: Vec<CardId> = self
                            .challengers_fitting(you, tm, with, ctx)
                            .into_iter()
                            .filter(|&c| self.can_challenge_by_effect(you, tm, Some(c)))
                            .collect();
                        match answer {
                            Some(Choice::Card(c)) if ones.contains(&c) => alone = Some(c),
                            _ if ones.is_empty() => return Ok(None),
                            _ => {
                                let options = ones.into_iter().map(Choice::Card).collect();
                                return Err((Prompt::FaceoffCards, options));
                            }
                        }
                        tm
                    }
                    (Some(_), None) | (None, _) => {
                        let can = |g: &Game, tm: CardId| match with_one {
                            Some(with) => g
                                .challengers_fitting(you, tm, with, ctx)
                                .into_iter()
                                .any(|c| g.can_challenge_by_effect(you, tm, Some(c))),
                            None => g.can_challenge_by_effect(you, tm, alone),
                        };
                        let v = self
                            .targets_that(troublemaker, ctx, answer.as_ref(), sel, can)
                            .map_err(|(_, choices)| (Prompt::FaceoffCards, choices))?;
                        let Some(&tm) = v.iter().find(|&&tm| can(self, tm)) else {
                            return Ok(None);
                        };
                        if with_one.is_some() {
                            *chosen = Some(tm);
                            return self.faceoff_start(start, ctx, None, chosen, sel);
                        }
                        tm
                    }
                };
                let at = self.card(tm).area.expect("in play");
                self.log(Event::Challenged {
                    player: you,
                    troublemaker: tm,
                });
                // 608.4: against the Troublemaker's controller, or the challenger's
                // opponent when it is their own (an Epic one).
                let defender = if self.card(tm).controller == you {
                    rival
                } else {
                    self.card(tm).controller
                };
                let kind = FaceoffKind::Troublemaker {
                    troublemaker: tm,
                    object: self.card(tm).object,
                    challenger: you,
                    at,
                    alone,
                };
                Ok(Some((kind, vec![you, defender])))
            }
        }
    }

    /// The cards other than `first` that fit `theirs` read with `It` as `first`.
    fn pair_for(&self, first: CardId, theirs: &Cards, ctx: &Ctx) -> Vec<CardId> {
        let probe = Ctx {
            it: Some(first),
            ..*ctx
        };
        self.matching(theirs, &probe)
            .into_iter()
            .filter(|&c| c != first)
            .collect()
    }

    /// The controller's characters at `tm`'s Problem that fit `with` (CN101).
    fn challengers_fitting(&self, p: PlayerId, tm: CardId, with: &Cards, ctx: &Ctx) -> Vec<CardId> {
        let Some(at) = self.card(tm).area else {
            return Vec::new();
        };
        let fitting = self.matching(with, ctx);
        self.characters_at(p, at)
            .filter(|c| fitting.contains(c))
            .collect()
    }

    /// 608: a face-up Troublemaker in play at a Problem where the challenger has the
    /// characters to challenge it with, which they may challenge (104.2).
    fn can_challenge_by_effect(&self, p: PlayerId, tm: CardId, alone: Option<CardId>) -> bool {
        let k = self.card(tm);
        let Some(at) = k.area.filter(|a| a.is_problem()) else {
            return false;
        };
        let with = |c: CardId| alone.is_none_or(|a| a == c);
        k.zone == crate::ids::Zone::Play
            && !k.face_down
            && self.card_type(tm) == crate::card::CardType::Troublemaker
            && self.characters_at(p, at).any(with)
            && !self.prohibited(Attempt::Challenge {
                p,
                troublemaker: tm,
                alone,
            })
    }
}
