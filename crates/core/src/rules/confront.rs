//! The Score Phase: confront steps (610, 611) and the faceoff step (612).

use crate::card::{CardType, Colors, OpponentReq, ReqColor};
use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, PlayerId};
use crate::rules::occurrence::Occurrence;
use crate::state::FaceoffKind;

fn accepts(colors: Colors, req: ReqColor) -> bool {
    match req {
        ReqColor::Color(c) => colors.contains(c),
        // 611.3c: any power that is not the prohibited colour, colourless included.
        ReqColor::Not(c) => colors.is_empty() || colors.iter().any(|x| x != c),
        ReqColor::Wild | ReqColor::Rainbow => true,
    }
}

/// 611.3: can characters with these (colours, power) pay all lines? Each character pays
/// one line in one colour (611.3b); wild is paid by anything left over, excess included
/// (611.3d), so it reduces to the coloured lines plus a total.
pub fn meets_requirements(
    chars: &[(Colors, u16)],
    coloured: &[(ReqColor, u16)],
    wild: u16,
) -> bool {
    let total: u32 = chars.iter().map(|c| c.1 as u32).sum();
    let needed: u32 = coloured.iter().map(|l| l.1 as u32).sum::<u32>() + wild as u32;
    if total < needed {
        return false;
    }
    if coloured.is_empty() {
        return true;
    }
    // Depth-first assignment with sums capped at each line's need; the state space is
    // tiny (a handful of characters, at most a few lines). Asked for every Problem at
    // every confront step, so the sums stay off the heap when they fit.
    let mut inline = [0u16; 8];
    let mut spilled = Vec::new();
    let sums: &mut [u16] = if coloured.len() <= inline.len() {
        &mut inline[..coloured.len()]
    } else {
        spilled.resize(coloured.len(), 0u16);
        &mut spilled
    };
    assign(chars, coloured, 0, sums)
}

/// `lines` are (colour, power needed) pairs.
fn assign(chars: &[(Colors, u16)], lines: &[(ReqColor, u16)], i: usize, sums: &mut [u16]) -> bool {
    if lines.iter().zip(sums.iter()).all(|(l, &s)| s >= l.1) {
        return true;
    }
    if i == chars.len() {
        return false;
    }
    let (colors, power) = chars[i];
    for (j, &(color, need)) in lines.iter().enumerate() {
        if sums[j] < need && power > 0 && accepts(colors, color) {
            let before = sums[j];
            sums[j] = (before + power).min(need);
            if assign(chars, lines, i + 1, sums) {
                return true;
            }
            sums[j] = before;
        }
    }
    assign(chars, lines, i + 1, sums)
}

impl Game {
    /// 611.3e: an opposing face-up Troublemaker, or any face-up Epic one, blocks.
    pub fn blocked_by_troublemaker(&self, p: PlayerId, area: Area) -> bool {
        self.troublemakers_at(area)
            .any(|t| !self.card(t).face_down && (self.card(t).controller != p || self.is_epic(t)))
            && !self.troublemakers_dont_block(area)
    }

    /// Whether a static ability of a card at `area` says Troublemakers don't keep players
    /// from confronting the Problem there (AD186).
    fn troublemakers_dont_block(&self, area: Area) -> bool {
        let mut free = false;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::TroublemakersDontBlock = e {
                free |= self.card(ctx.source).area == Some(area)
                    && cond.is_none_or(|x| self.holds(x, ctx));
            }
        });
        free
    }

    /// The contributing characters of `p` at an area, as (colours, power).
    fn contributors(&self, p: PlayerId, area: Area) -> Vec<(Colors, u16)> {
        let limited = self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::PROHIBIT);
        self.characters_at(p, area)
            .filter(|&c| self.contributes(c))
            .filter(|&c| {
                !limited
                    || !self.prohibited(crate::rules::prohibit::Attempt::ContributeConfront {
                        card: c,
                        area,
                    })
            })
            .map(|c| (self.colors(c), self.contribution(c)))
            .collect()
    }

    /// `p`'s requirement lines at a Problem (611.2) as coloured lines and wild power,
    /// with what opposing cards add (Eccentric and the like); `None` if unmeetable.
    fn requirement_lines(&self, p: PlayerId, area: Area) -> Option<(Vec<(ReqColor, u16)>, u16)> {
        let problem = self.problem_at(area)?;
        let facts = self.def(problem).problem.as_ref()?;
        // 611.2, 705.2b: the opposing changes apply to the wild power first, then the
        // player's own, never below none. One look at the changes tells both sides
        // (the opposing side is [`Game::extra_requirement`]).
        let (changes, own) = self.cost_changes(
            crate::ability::CostedAction::Confront,
            p,
            crate::rules::costs::Acting {
                card: None,
                at: Some(area),
                host: None,
            },
        );
        let opposing = self.eccentric_requirement(p, area).saturating_add(changes);
        let adjust = |wild: u16| {
            Self::ordered_cost(wild.min(i16::MAX as u16) as i16, (opposing, own)) as u16
        };
        // A Dilemma's printed owner side faces its area's owner, its controller (522.2b).
        let side = if self.is_dilemma_in_play(problem) {
            self.card(problem).controller
        } else {
            self.card(problem).owner
        };
        if side == p {
            let mut coloured = Vec::new();
            let mut wild = 0u16;
            for r in &facts.owner {
                match r.color {
                    ReqColor::Wild => wild += r.power,
                    ReqColor::Rainbow => {
                        for c in crate::card::Color::ALL {
                            coloured.push((ReqColor::Color(c), r.power));
                        }
                    }
                    other => coloured.push((other, r.power)),
                }
            }
            Some((coloured, adjust(wild)))
        } else {
            match facts.opponent {
                OpponentReq::Wild(n) => Some((Vec::new(), adjust(n))),
                OpponentReq::Unmeetable => None,
            }
        }
    }

    /// `p`'s side of a Problem as a board shows it: the requirement lines with what is
    /// added to or taken from them in force (611.2; `None` when `p` can't meet them), the
    /// power `p`'s contributing characters there give by colour, and whether `p` meets
    /// the requirements now.
    pub fn problem_side(&self, p: PlayerId, area: Area) -> crate::view::SideView {
        let chars = self.contributors(p, area);
        let mut by_color: Vec<(crate::card::Color, u16)> = Vec::new();
        for &(colors, power) in &chars {
            for c in colors.iter() {
                match by_color.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, n)) => *n += power,
                    None => by_color.push((c, power)),
                }
            }
        }
        by_color.sort();
        crate::view::SideView {
            player: p,
            requirement: self.requirement_lines(p, area),
            power: chars.iter().map(|c| c.1).sum(),
            by_color,
            meets: self.meets_confront_requirements(p, area),
        }
    }

    /// 611.1-611.3: whether `p` meets their confront requirements at a Problem now.
    pub fn meets_confront_requirements(&self, p: PlayerId, area: Area) -> bool {
        if self.blocked_by_troublemaker(p, area) || self.confront_prohibited(p, area) {
            return false;
        }
        if self.confront_met_by_modifier(p, area) {
            return true;
        }
        let chars = self.contributors(p, area);
        if chars.is_empty() {
            return false;
        }
        match self.requirement_lines(p, area) {
            Some((coloured, wild)) => meets_requirements(&chars, &coloured, wild),
            None => false,
        }
    }

    /// Whether a `MeetConfront` modifier on the Problem at `area` says `p` meets its
    /// requirements now (its condition read with the Problem as "this card" and `p` as
    /// "you"; CG141).
    fn confront_met_by_modifier(&self, p: PlayerId, area: Area) -> bool {
        if self.st.modifiers.is_empty() {
            return false;
        }
        let Some(problem) = self.problem_at(area) else {
            return false;
        };
        let object = self.card(problem).object;
        self.st.modifiers.iter().any(|m| {
            let crate::ability::StaticEffect::MeetConfront { who, condition } = &m.effect else {
                return false;
            };
            if m.target != problem || m.object != object {
                return false;
            }
            let named = crate::ability::trigger::Ctx::of(problem, m.controller);
            if !self.names_player(*who, &named, p) {
                return false;
            }
            let ctx = crate::ability::trigger::Ctx::of(problem, p);
            condition.as_ref().is_none_or(|c| self.holds(c, &ctx))
        })
    }

    /// Whether `p` meets the requirements at `area` with power to spare.
    pub fn confronts_with_excess(&self, p: PlayerId, area: Area) -> bool {
        if !self.meets_confront_requirements(p, area) {
            return false;
        }
        let Some((coloured, wild)) = self.requirement_lines(p, area) else {
            return false;
        };
        let needed: u32 = coloured.iter().map(|l| l.1 as u32).sum::<u32>() + wild as u32;
        let total: u32 = self.contributors(p, area).iter().map(|c| c.1 as u32).sum();
        total > needed
    }

    /// 610.1: confront steps in the order the turn player chooses, for the Problems whose
    /// requirements they meet (611.1) when the next one is chosen: a step elsewhere would
    /// confront nothing. Each step has its own windows (601.2).
    pub(crate) fn confront_order(
        &mut self,
        mut done: Vec<Area>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        let tp = self.st.turn_player;
        if let Some(Choice::Confront(area)) = answer {
            done.push(area);
            self.push(Frame::ConfrontOrder { done });
            self.boundary_window(false);
            self.push(Frame::Confront(area));
            self.st.step = crate::state::Step::Confront;
            self.boundary_window(false);
            return None;
        }
        let left: Vec<Area> = self
            .problem_areas()
            .filter(|a| !done.contains(a) && self.meets_confront_requirements(tp, *a))
            .collect();
        if left.is_empty() {
            return None;
        }
        let choices = left.into_iter().map(Choice::Confront).collect();
        self.ask(
            Frame::ConfrontOrder { done },
            tp,
            Prompt::ConfrontOrder,
            choices,
        )
    }

    /// 611.4: confronting scores a point; an opponent who also meets their requirements
    /// makes a Problem faceoff possible.
    /// The confront goes through [`Game::occur`] so a replacement (Vexing) may take its
    /// place.
    pub(crate) fn confront(&mut self, area: Area) {
        let tp = self.st.turn_player;
        self.occur(Occurrence::Confront { player: tp, area });
    }

    /// 611.4: the confront itself, once it is sure to happen.
    pub(crate) fn confront_now(&mut self, tp: PlayerId, area: Area) {
        let problem = self.problem_at(area).expect("checked");
        self.st.confronted.push(area);
        self.st.tallied.push(crate::state::Tallied::Confront(tp));
        self.log(Event::Confronted {
            player: tp,
            problem,
        });
        // 517.2: with the characters the player has at that Problem.
        let with: Vec<_> = self.characters_at(tp, area).collect();
        self.score_points(
            tp,
            1,
            with,
            crate::rules::occurrence::ScoreWhy::Confront(area),
        );
        let rival = self
            .opponents(tp)
            .find(|&o| self.meets_confront_requirements(o, area));
        if let Some(o) = rival {
            self.st.contested.push((area, o));
        }
    }

    /// 612: a Multi Problem faceoff when two or more Problems were confronted, else a
    /// Problem faceoff at a confronted Problem an opponent could also confront.
    pub(crate) fn faceoff_step(&mut self) {
        let tp = self.st.turn_player;
        if self.st.confronted.len() >= 2 {
            let at: Vec<Area> = self.problem_areas().collect();
            let rival = self.next_player(tp);
            self.start_faceoff(FaceoffKind::MultiProblem { at }, vec![tp, rival], None);
        } else if let Some(&(area, rival)) = self.st.contested.first() {
            if self
                .problem_at(area)
                .is_some_and(|p| self.card_type(p) == CardType::Problem)
            {
                self.start_faceoff(FaceoffKind::Problem { at: area }, vec![tp, rival], None);
            }
        }
    }
}
