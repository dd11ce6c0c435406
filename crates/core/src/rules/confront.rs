//! The Score Phase: confront steps (610, 611) and the faceoff step (612).

use crate::card::{CardType, Colors, OpponentReq, ReqColor};
use crate::decision::{Choice, Decision, Prompt};
use crate::event::Event;
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId};
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

/// [`meets_requirements`] with `less` power fewer needed in all, taken from whichever
/// parts of the requirement the player needs (`StaticEffect::ConfrontLess`, CG204). An
/// assignment of characters to lines (611.3b) covering `c` of the coloured lines leaves
/// the rest of the power for wild (611.3d), so what is missing is the larger of the
/// coloured lines not covered and everything less all the power: the requirement is met
/// when some assignment brings both within `less`.
pub fn meets_requirements_less(
    chars: &[(Colors, u16)],
    coloured: &[(ReqColor, u16)],
    wild: u16,
    less: u16,
) -> bool {
    if less == 0 {
        return meets_requirements(chars, coloured, wild);
    }
    let total: u32 = chars.iter().map(|c| c.1 as u32).sum();
    let lines: u32 = coloured.iter().map(|l| l.1 as u32).sum();
    if total + (less as u32) < lines + wild as u32 {
        return false;
    }
    let target = lines.saturating_sub(less as u32);
    let mut sums = vec![0u16; coloured.len()];
    covers(chars, coloured, 0, &mut sums, target)
}

/// Whether the characters from `i` on can bring the coloured power covered (each line
/// capped at its need) to `target`.
fn covers(
    chars: &[(Colors, u16)],
    lines: &[(ReqColor, u16)],
    i: usize,
    sums: &mut [u16],
    target: u32,
) -> bool {
    let now: u32 = sums.iter().map(|&s| s as u32).sum();
    if now >= target {
        return true;
    }
    let left: u32 = chars[i..].iter().map(|c| c.1 as u32).sum();
    if i == chars.len() || now + left < target {
        return false;
    }
    let (colors, power) = chars[i];
    for (j, &(color, need)) in lines.iter().enumerate() {
        if sums[j] < need && power > 0 && accepts(colors, color) {
            let before = sums[j];
            sums[j] = (before + power).min(need);
            if covers(chars, lines, i + 1, sums, target) {
                return true;
            }
            sums[j] = before;
        }
    }
    covers(chars, lines, i + 1, sums, target)
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
        self.contributing_cards(p, area)
            .into_iter()
            .map(|c| self.contributor(c))
            .collect()
    }

    fn contributor(&self, c: CardId) -> (Colors, u16) {
        (self.colors(c), self.contribution(c))
    }

    /// The characters of `p` at an area able to contribute to confronting its Problem
    /// (611.3a), before any limit on how many may.
    fn contributing_cards(&self, p: PlayerId, area: Area) -> Vec<CardId> {
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
            .collect()
    }

    /// The most characters of each player that may contribute to confronting the
    /// Problem at `area` (`Prohibition::ContributeHereMost`, AD181), if anything limits
    /// them.
    pub fn contributor_limit(&self, area: Area) -> Option<usize> {
        if !self
            .facts
            .static_kinds
            .has(crate::pool::StaticKinds::PROHIBIT)
        {
            return None;
        }
        let mut most: Option<usize> = None;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::Prohibit(
                crate::ability::Prohibition::ContributeHereMost(n),
            ) = e
            {
                if self.card(ctx.source).area == Some(area)
                    && cond.is_none_or(|x| self.holds(x, ctx))
                {
                    let n = *n as usize;
                    most = Some(most.map_or(n, |m| m.min(n)));
                }
            }
        });
        most
    }

    /// The groups of `p`'s characters at an area that may contribute together (611.3a):
    /// every contributing character; under a limit (AD181), those the player chose, or,
    /// before they choose, each group of that many they could choose.
    fn contributor_sets(&self, p: PlayerId, area: Area) -> Vec<Vec<(Colors, u16)>> {
        let cards = self.contributing_cards(p, area);
        let Some(most) = self.contributor_limit(area) else {
            return vec![cards.iter().map(|&c| self.contributor(c)).collect()];
        };
        if let Some((_, _, chosen)) = self
            .st
            .contributing
            .iter()
            .find(|(a, q, _)| *a == area && *q == p)
        {
            return vec![cards
                .iter()
                .filter(|c| chosen.contains(c))
                .map(|&c| self.contributor(c))
                .collect()];
        }
        if cards.len() <= most {
            return vec![cards.iter().map(|&c| self.contributor(c)).collect()];
        }
        let mut sets = Vec::new();
        let mut pick = Vec::with_capacity(most);
        self.groups_of(&cards, most, 0, &mut pick, &mut sets);
        sets
    }

    /// Every group of `n` of `cards` from `i` on, added to `pick`, into `out`.
    fn groups_of(
        &self,
        cards: &[CardId],
        n: usize,
        i: usize,
        pick: &mut Vec<CardId>,
        out: &mut Vec<Vec<(Colors, u16)>>,
    ) {
        if pick.len() == n {
            out.push(pick.iter().map(|&c| self.contributor(c)).collect());
            return;
        }
        for j in i..cards.len() {
            pick.push(cards[j]);
            self.groups_of(cards, n, j + 1, pick, out);
            pick.pop();
        }
    }

    /// For each group `p` could contribute at `area` (see `contributor_sets`): whether it
    /// meets the requirements and whether with power to spare. Troublemakers,
    /// prohibitions and `MeetConfront` are not read here.
    fn group_outcomes(&self, p: PlayerId, area: Area) -> Vec<(bool, bool)> {
        let Some((coloured, wild)) = self.requirement_lines(p, area) else {
            return Vec::new();
        };
        let less = self.confront_less(p, area);
        let needed: u32 = (coloured.iter().map(|l| l.1 as u32).sum::<u32>() + wild as u32)
            .saturating_sub(less as u32);
        self.contributor_sets(p, area)
            .iter()
            .map(|chars| {
                let meets =
                    !chars.is_empty() && meets_requirements_less(chars, &coloured, wild, less);
                let total: u32 = chars.iter().map(|c| c.1 as u32).sum();
                (meets, meets && total > needed)
            })
            .collect()
    }

    /// Whether `p` is to choose now which of their characters contribute at `area`: a
    /// limit lets only some of them (AD181), they have not chosen yet, and the groups
    /// they could choose differ in whether they meet the requirements (and, for the turn
    /// player, whether with power to spare, `ExcessPower`). Where every group does the
    /// same, the choice changes nothing and is not asked.
    fn contribution_open(&self, p: PlayerId, area: Area) -> bool {
        if self.contributor_limit(area).is_none()
            || self
                .st
                .contributing
                .iter()
                .any(|(a, q, _)| *a == area && *q == p)
            || self.blocked_by_troublemaker(p, area)
            || self.confront_prohibited(p, area)
            || self.confront_met_by_modifier(p, area)
        {
            return false;
        }
        let spare = p == self.st.turn_player;
        let outcomes: Vec<(bool, bool)> = self
            .group_outcomes(p, area)
            .into_iter()
            .map(|(m, x)| (m, x && spare))
            .collect();
        outcomes.windows(2).any(|w| w[0] != w[1])
    }

    /// 611: the confront step's confront, once each player whose characters a limit lets
    /// only some contribute (AD181) has chosen which, where that changes anything: the
    /// turn player first, who confronts only if the characters chosen meet the
    /// requirements; then each opponent, whose choice says whether they also meet them
    /// (611.4).
    pub(crate) fn confront_at(&mut self, area: Area) -> Option<Decision> {
        let tp = self.st.turn_player;
        if self.contributor_limit(area).is_some() {
            if self.contribution_open(tp, area) {
                self.push(Frame::Confront(area));
                return self.choose_contributors(tp, area, Vec::new(), None);
            }
            if !self.meets_confront_requirements(tp, area) {
                return None;
            }
            let open = self
                .opponents(tp)
                .find(|&o| self.contribution_open(o, area));
            if let Some(o) = open {
                self.push(Frame::Confront(area));
                return self.choose_contributors(o, area, Vec::new(), None);
            }
        }
        self.confront(area);
        None
    }

    /// 611.3a under a limit (AD181): `p` picks the characters that contribute at `area`,
    /// one at a time, as many as the limit lets (the rest can't, and those able to
    /// contribute do); the group is kept for the confront steps of this Score Phase.
    pub(crate) fn choose_contributors(
        &mut self,
        p: PlayerId,
        area: Area,
        mut picked: Vec<CardId>,
        answer: Option<Choice>,
    ) -> Option<Decision> {
        if let Some(Choice::Card(c)) = answer {
            picked.push(c);
        }
        let most = self.contributor_limit(area).unwrap_or(0);
        let left: Vec<Choice> = self
            .contributing_cards(p, area)
            .into_iter()
            .filter(|c| !picked.contains(c))
            .map(Choice::Card)
            .collect();
        if picked.len() >= most || left.is_empty() {
            self.st.contributing.push((area, p, picked));
            return None;
        }
        self.ask(
            Frame::Contributors {
                player: p,
                area,
                picked,
            },
            p,
            Prompt::Pick,
            left,
        )
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
            less: self.confront_less(p, area),
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
        // Under a limit on how many contribute (AD181), the player may choose any group
        // the limit allows.
        self.group_outcomes(p, area).iter().any(|o| o.0)
    }

    /// The power less that `ConfrontLess` modifiers on the Problem at `area` let `p` need
    /// (CG204), in all.
    pub fn confront_less(&self, p: PlayerId, area: Area) -> u16 {
        if self.st.modifiers.is_empty() {
            return 0;
        }
        let Some(problem) = self.problem_at(area) else {
            return 0;
        };
        let object = self.card(problem).object;
        self.st
            .modifiers
            .iter()
            .filter_map(|m| {
                let crate::ability::StaticEffect::ConfrontLess { who, power } = &m.effect else {
                    return None;
                };
                if m.target != problem || m.object != object {
                    return None;
                }
                let named = crate::ability::trigger::Ctx::of(problem, m.controller);
                self.names_player(*who, &named, p).then_some(*power)
            })
            .fold(0u16, u16::saturating_add)
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
        if !self.confront_met_by_modifier(p, area) {
            // A group of contributors that meets the requirements with power to spare.
            return self.group_outcomes(p, area).iter().any(|o| o.1);
        }
        // A `MeetConfront` meeting still needs the power to spare.
        let Some((coloured, wild)) = self.requirement_lines(p, area) else {
            return false;
        };
        let needed: u32 = (coloured.iter().map(|l| l.1 as u32).sum::<u32>() + wild as u32)
            .saturating_sub(self.confront_less(p, area) as u32);
        self.contributor_sets(p, area)
            .iter()
            .any(|chars| chars.iter().map(|c| c.1 as u32).sum::<u32>() > needed)
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
            self.st.contributing.clear();
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
