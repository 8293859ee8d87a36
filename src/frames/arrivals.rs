//! Leaders arriving at the card draw (§8 step 1): Maurice of Saxony at the
//! start of turn 6 in a Protestant-controlled electorate; naval leaders off
//! the map coming back to a friendly port (or waiting another turn); the
//! minor army leaders sent off for the turn by Threat to Power (#103) back
//! in their capital or a friendly home key.

use crate::action::Action;
use crate::engine::ActionList;
use crate::frames::Frame;
use crate::game::{Game, LeaderLocation};
use crate::rules::spring::capitals;
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, Space, SpaceKind};

/// The minor army leaders Threat to Power (#103) may send off the map; on
/// the turn track, they come back at the card draw.
pub const THREAT_TO_POWER_LEADERS: [Leader; 4] =
    [Leader::CharlesBrandon, Leader::DukeOfAlva, Leader::Montmorency, Leader::Ibrahim];

/// Where an army leader of `owner` back from the turn track goes (#103):
/// its power's capitals that the power controls, else the power's
/// friendly-controlled home keys.
fn returning_army_leader_spaces(game: &Game, owner: Faction) -> EnumSet<Space> {
    let Some(power) = owner.major() else { return EnumSet::EMPTY };
    let open = |s: Space| game.in_play(s) && !game.in_unrest(s);
    let capitals: EnumSet<Space> = capitals(power).iter().filter(|&s| open(s) && game.controller(s) == owner).collect();
    if !capitals.is_empty() {
        return capitals;
    }
    Space::ALL
        .into_iter()
        .filter(|&s| s.kind() == SpaceKind::Key && s.home() == owner && open(s))
        .filter(|&s| game.is_friendly_controlled(power, s))
        .collect()
}

/// The turn Maurice of Saxony arrives (§8).
pub const MAURICE_TURN: u8 = 6;

impl Game {
    /// Where `leader` may arrive now: for Maurice, the electorates his side
    /// controls (the Protestant's; the Hapsburg's once #60 switched him); for a naval leader, the ports its faction or an ally
    /// controls. Empty: it waits.
    pub fn arrival_spaces(&self, leader: Leader) -> EnumSet<Space> {
        let Some(owner) = self.leader_owner(leader) else { return EnumSet::EMPTY };
        let friendly = |s: Space| match owner.major() {
            Some(power) => self.is_friendly_controlled(power, s),
            None => self.controller(s) == owner || self.allied_to_faction(owner, self.controller(s)),
        };
        Space::ALL
            .into_iter()
            .filter(|&s| self.in_play(s) && !self.in_unrest(s))
            .filter(|&s| match leader.kind() {
                LeaderKind::Army if leader == Leader::MauriceOfSaxony => {
                    // The side he serves (#60: the Hapsburg, once switched).
                    s.kind() == SpaceKind::Electorate && self.controller(s) == owner
                }
                LeaderKind::Army => returning_army_leader_spaces(self, owner).contains(s),
                LeaderKind::Naval => s.is_port() && friendly(s),
            })
            .collect()
    }

    /// Whether the minor `minor` and the faction `other` are allied.
    fn allied_to_faction(&self, minor: Faction, other: Faction) -> bool {
        other.major().is_some_and(|p| self.allied(p, minor))
    }

    /// The leaders arriving at this card draw, as decisions for their owners
    /// (a single choice is made at once). Returns whether a decision waits.
    pub(crate) fn leader_arrivals(&mut self) -> bool {
        let maurice = Leader::MauriceOfSaxony;
        let mut arriving: EnumSet<Leader> = EnumSet::EMPTY;
        // He waits while the Protestant holds no electorate (docs/rulings.md E4).
        if self.turn >= MAURICE_TURN && self.leader_location(maurice) == LeaderLocation::Unavailable {
            arriving.insert(maurice);
        }
        let returns = |l: &Leader| l.kind() == LeaderKind::Naval || THREAT_TO_POWER_LEADERS.contains(l);
        for leader in Leader::ALL.into_iter().filter(returns) {
            if self.leader_location(leader) == LeaderLocation::TurnTrack {
                arriving.insert(leader);
            }
        }
        for leader in arriving {
            let spaces = self.arrival_spaces(leader);
            let powers = crate::engine::impulse_powers(self.scenario());
            let decider = self
                .leader_owner(leader)
                .and_then(|f| match f.minor() {
                    Some(minor) => self.minor_ally(minor),
                    None => f.major(),
                })
                .filter(|p| powers.contains(p));
            match (spaces.len(), decider) {
                (0, _) => {}
                (1, _) | (_, None) => {
                    if let Some(space) = spaces.iter().next() {
                        self.leaders[leader.index()] = LeaderLocation::Space(space);
                    }
                }
                (_, Some(power)) => self.stack.push(Frame::Arrival { power, leader }),
            }
        }
        !self.stack.is_empty()
    }

    pub(crate) fn arrival_actions(&self, leader: Leader, list: &mut ActionList) {
        list.extend(self.arrival_spaces(leader).iter().map(Action::PlaceAt));
    }

    pub(crate) fn apply_arrival(&mut self, leader: Leader, action: Action) {
        self.stack.pop();
        if let Action::PlaceAt(space) = action {
            self.leaders[leader.index()] = LeaderLocation::Space(space);
        }
    }
}
