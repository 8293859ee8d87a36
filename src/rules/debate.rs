//! Theological debates (§18.5), the Diet of Worms (§18.1) and the Council of
//! Trent (#17, §18.6): who may call a debate, the debaters that can take
//! part, the dice each side rolls, and the spaces the winner may flip. The
//! engine (`frames::debate`) draws the debaters, rolls and applies.
//!
//! ```
//! use here_i_stand::{DebaterState, Debater, Game, LanguageZone, Power, Scenario, Setup};
//! use here_i_stand::rules::debate::{can_call_debate, debate_dice};
//!
//! let game = Game::new(Setup::new(Scenario::Y1517, 1));
//! assert!(can_call_debate(&game, Power::Papacy, LanguageZone::German));
//! assert!(!can_call_debate(&game, Power::Papacy, LanguageZone::French));
//! // Eck attacking: 3 + 3 + 1 dice; Carlstadt defending committed: 1 + 1.
//! assert_eq!(debate_dice(&game, Debater::Eck, LanguageZone::German, true, true), 7);
//! assert_eq!(debate_dice(&game, Debater::Carlstadt, LanguageZone::German, false, false), 2);
//! ```

use crate::game::{DebaterState, Game};
use crate::rules::religion;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Debater, DebaterSide, LanguageZone, Power, Reformer, Religion, Ruler, Space};

/// The zones a theological debate may be called in (§18.1).
pub const DEBATE_ZONES: [LanguageZone; 3] = [LanguageZone::German, LanguageZone::French, LanguageZone::English];

/// CP cost of Call Theological Debate, Protestant and Papacy (§11.2).
pub const DEBATE_CP: u8 = 3;

/// Dice the attacking debater rolls beyond his value (§18.5 step 5).
pub const ATTACKER_EXTRA_DICE: u8 = 3;

/// Extra dice of the Protestant at the Diet of Worms (§18.1 step 2).
pub const DIET_PROTESTANT_EXTRA_DICE: u8 = 4;

/// CP of a mandatory event taken as the Hapsburg's Diet of Worms card in the
/// two-player variant (§24.3).
pub const DIET_MANDATORY_CP: u8 = 2;

/// The most debaters the Papacy sends to the Council of Trent (§18.6).
pub const COUNCIL_PAPAL_MAX: usize = 4;

/// The most debaters the Protestant sends to the Council of Trent (§18.6).
pub const COUNCIL_PROTESTANT_MAX: usize = 2;

/// Whether a debater in `state` is in play: on the display, committed or not
/// (§18.1: not arrived, burned, disgraced or removed debaters are not).
///
/// ```
/// use here_i_stand::DebaterState;
/// use here_i_stand::rules::debate::in_play;
/// assert!(in_play(DebaterState::Committed));
/// assert!(!in_play(DebaterState::Burned));
/// ```
pub fn in_play(state: DebaterState) -> bool {
    matches!(state, DebaterState::Uncommitted | DebaterState::Committed)
}

/// The debaters of `power` in `state` that may debate in `zone`: every Papal
/// debater (they debate in any zone), the Protestant's of `zone` only
/// (§18.5 steps 2-3). Empty for the other powers. A reformer's debater is
/// off the map with him while he is away (§21.5 excommunication, #45
/// Calvin Expelled): only Here I Stand (#7) brings Luther in then.
///
/// ```
/// use here_i_stand::{Debater, DebaterState, Game, LanguageZone, Power, Scenario, Setup};
/// use here_i_stand::rules::debate::debaters;
///
/// let game = Game::new(Setup::new(Scenario::Y1517, 1));
/// let german = debaters(&game, Power::Protestant, LanguageZone::German, DebaterState::Uncommitted);
/// assert_eq!(german.len(), 4);
/// assert!(german.contains(Debater::Luther));
/// assert_eq!(debaters(&game, Power::Papacy, LanguageZone::English, DebaterState::Uncommitted).len(), 5);
/// ```
pub fn debaters(game: &Game, power: Power, zone: LanguageZone, state: DebaterState) -> EnumSet<Debater> {
    Debater::ALL
        .into_iter()
        .filter(|&d| debates_in(d, power, zone) && game.debater_state(d) == state && !away(game, d))
        .collect()
}

/// Whether `debater` is off the map with his reformer (§21.5, #45).
fn away(game: &Game, debater: Debater) -> bool {
    reformer_of(debater).is_some_and(|r| game.reformer_state(r) == crate::game::ReformerState::Away)
}

/// Whether `debater` debates for `power` in `zone`.
fn debates_in(debater: Debater, power: Power, zone: LanguageZone) -> bool {
    match debater.side() {
        DebaterSide::Papal => power == Power::Papacy,
        DebaterSide::Protestant(own) => power == Power::Protestant && own == zone,
    }
}

/// The debaters of `power` in play for a debate in `zone`, committed or not.
///
/// ```
/// use here_i_stand::{Game, LanguageZone, Power, Scenario, Setup};
/// use here_i_stand::rules::debate::debaters_in_play;
/// let game = Game::new(Setup::new(Scenario::Y1517, 1));
/// assert!(debaters_in_play(&game, Power::Protestant, LanguageZone::French).is_empty());
/// ```
pub fn debaters_in_play(game: &Game, power: Power, zone: LanguageZone) -> EnumSet<Debater> {
    debaters(game, power, zone, DebaterState::Uncommitted).union(debaters(game, power, zone, DebaterState::Committed))
}

/// The opponent in a debate: the Papacy for the Protestant and the reverse.
///
/// ```
/// use here_i_stand::Power;
/// use here_i_stand::rules::debate::opponent;
/// assert_eq!(opponent(Power::Papacy), Power::Protestant);
/// assert_eq!(opponent(Power::Protestant), Power::Papacy);
/// ```
pub fn opponent(power: Power) -> Power {
    if power == Power::Protestant { Power::Papacy } else { Power::Protestant }
}

/// Whether `power` may call a theological debate in `zone` (§18.1), CP
/// aside: only the Protestant or the Papacy, only in the German, French or
/// English zone; never in a zone with no Protestant debater in play; the
/// Protestant needs an uncommitted debater of that zone (the attacker is
/// drawn from them), the Papacy an uncommitted Papal debater; and the other
/// side needs a debater in play to defend.
///
/// ```
/// use here_i_stand::{Debater, DebaterState, Game, LanguageZone, Power, Scenario, Setup};
/// use here_i_stand::rules::debate::can_call_debate;
///
/// let mut game = Game::new(Setup::new(Scenario::Y1517, 1));
/// assert!(can_call_debate(&game, Power::Protestant, LanguageZone::German));
/// for d in [Debater::Luther, Debater::Melanchthon, Debater::Bucer, Debater::Carlstadt] {
///     game.set_debater(d, DebaterState::Committed).unwrap();
/// }
/// assert!(!can_call_debate(&game, Power::Protestant, LanguageZone::German));
/// assert!(can_call_debate(&game, Power::Papacy, LanguageZone::German));
/// ```
pub fn can_call_debate(game: &Game, power: Power, zone: LanguageZone) -> bool {
    if !matches!(power, Power::Protestant | Power::Papacy) || !DEBATE_ZONES.contains(&zone) {
        return false;
    }
    // The Wartburg (#37): no Protestant debates for the rest of the turn.
    if power == Power::Protestant && game.event_played_this_turn(crate::types::Card::TheWartburg) {
        return false;
    }
    if zone == LanguageZone::English && thomas_more_executed(game) {
        return false;
    }
    !debaters_in_play(game, Power::Protestant, zone).is_empty()
        && !debaters(game, power, zone, DebaterState::Uncommitted).is_empty()
        && !debaters_in_play(game, opponent(power), zone).is_empty()
}

/// Whether Thomas More (#112) was executed this turn: England or the
/// Protestant played it as its event; no debates in England this turn.
pub fn thomas_more_executed(game: &Game) -> bool {
    [Power::England, Power::Protestant].iter().any(|p| game.events_played(*p).contains(Card::ThomasMore))
}

/// The dice `debater` rolls in a debate in `zone` (§18.5 steps 5-6).
///
/// Attacking: his value + 3; +1 for Eck, and for Gardiner in the English
/// zone, when he entered uncommitted (debate bonuses apply when the debater
/// enters uncommitted, §18.2); a Papal attacker's value is doubled in the
/// English zone while Mary I rules England. Defending: his value + 2 if he
/// was uncommitted, + 1 if committed.
///
/// ```
/// use here_i_stand::{Debater, Game, LanguageZone, Scenario, Setup};
/// use here_i_stand::rules::debate::debate_dice;
/// let game = Game::new(Setup::new(Scenario::Y1517, 1));
/// assert_eq!(debate_dice(&game, Debater::Luther, LanguageZone::German, true, true), 7);
/// assert_eq!(debate_dice(&game, Debater::Luther, LanguageZone::German, false, true), 6);
/// assert_eq!(debate_dice(&game, Debater::Gardiner, LanguageZone::German, true, true), 6);
/// assert_eq!(debate_dice(&game, Debater::Gardiner, LanguageZone::English, true, true), 7);
/// ```
pub fn debate_dice(game: &Game, debater: Debater, zone: LanguageZone, attacking: bool, uncommitted: bool) -> u8 {
    if !attacking {
        return debater.value() + if uncommitted { 2 } else { 1 };
    }
    let papal = debater.power() == Power::Papacy;
    let mary = papal && zone == LanguageZone::English && game.ruler(Power::England) == Ruler::MaryI;
    let value = if mary { debater.value() * 2 } else { debater.value() };
    let bonus = uncommitted
        && match debater {
            Debater::Eck => true,
            Debater::Gardiner => zone == LanguageZone::English,
            _ => false,
        };
    value + ATTACKER_EXTRA_DICE + u8::from(bonus)
}

/// The reformer who is also `debater` (§18.5 step 9: burning Luther,
/// Zwingli, Calvin or Cranmer removes the reformer from the map).
///
/// ```
/// use here_i_stand::{Debater, Reformer};
/// use here_i_stand::rules::debate::reformer_of;
/// assert_eq!(reformer_of(Debater::Luther), Some(Reformer::Luther));
/// assert_eq!(reformer_of(Debater::Bucer), None);
/// ```
pub fn reformer_of(debater: Debater) -> Option<Reformer> {
    match debater {
        Debater::Luther => Some(Reformer::Luther),
        Debater::Zwingli => Some(Reformer::Zwingli),
        Debater::Calvin => Some(Reformer::Calvin),
        Debater::Cranmer => Some(Reformer::Cranmer),
        _ => None,
    }
}

/// Whether the loser of a debate won by `margin` hits is burned (a
/// Protestant debater) or disgraced (a Papal one): the margin exceeds his
/// debate value (§18.5 steps 9-10).
///
/// ```
/// use here_i_stand::Debater;
/// use here_i_stand::rules::debate::loser_out;
/// assert!(loser_out(Debater::Carlstadt, 2));
/// assert!(!loser_out(Debater::Carlstadt, 1));
/// ```
pub fn loser_out(loser: Debater, margin: u8) -> bool {
    margin > loser.value()
}

/// Which spaces a power may flip to its religion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FlipRule {
    /// Debates and the Council of Trent: a legal reformation target (flips
    /// to Protestant, §18.3 step 1) or counter-reformation target (flips to
    /// Catholic, §18.4 step 1).
    Targets,
    /// The Diet of Worms (§18.1 step 3): a space of the other religion next
    /// to a space of the flipping religion.
    Adjacent,
}

/// Every space that may now be flipped to `religion` under `rule`, in any
/// zone (spaces in play only).
///
/// ```
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
/// use here_i_stand::rules::debate::{FlipRule, flip_targets};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
/// game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
/// let targets = flip_targets(&game, Religion::Protestant, FlipRule::Adjacent);
/// assert!(targets.contains(Space::Leipzig));
/// assert!(!targets.contains(Space::Wittenberg));
/// ```
pub fn flip_targets(game: &Game, religion: Religion, rule: FlipRule) -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|&s| game.in_play(s) && may_flip(game, s, religion, rule)).collect()
}

/// The spaces the flipping power may choose now: the targets in `zone` if
/// any (or only those, with `zone_only`), else the targets anywhere (§18.5
/// step 8: the debate zone first, then other zones once it is exhausted).
///
/// ```
/// use here_i_stand::{Game, LanguageZone, Religion, Scenario, Setup, Space};
/// use here_i_stand::rules::debate::{FlipRule, flip_choices};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
/// game.set_religion(Space::Geneva, Religion::Protestant).unwrap();
/// let french = flip_choices(&game, Religion::Protestant, Some(LanguageZone::French), false, FlipRule::Targets);
/// assert!(french.iter().all(|s| s.language() == Some(LanguageZone::French)));
/// let english = flip_choices(&game, Religion::Protestant, Some(LanguageZone::English), false, FlipRule::Targets);
/// assert!(english.contains(Space::Basel)); // none in England: anywhere
/// assert!(flip_choices(&game, Religion::Protestant, Some(LanguageZone::English), true, FlipRule::Targets).is_empty());
/// ```
pub fn flip_choices(
    game: &Game,
    religion: Religion,
    zone: Option<LanguageZone>,
    zone_only: bool,
    rule: FlipRule,
) -> EnumSet<Space> {
    let all = flip_targets(game, religion, rule);
    let Some(zone) = zone else {
        return all;
    };
    let in_zone: EnumSet<Space> = all.iter().filter(|s| s.language() == Some(zone)).collect();
    if in_zone.is_empty() && !zone_only { all } else { in_zone }
}

/// Whether `space` may now be flipped to `religion` under `rule`.
fn may_flip(game: &Game, space: Space, religion: Religion, rule: FlipRule) -> bool {
    match (rule, religion) {
        (FlipRule::Targets, Religion::Protestant) => religion::is_reformation_target(game, space),
        (FlipRule::Targets, Religion::Catholic) => religion::is_counter_reformation_target(game, space),
        (FlipRule::Adjacent, Religion::Protestant | Religion::Catholic) => {
            let from = if religion == Religion::Protestant { Religion::Catholic } else { Religion::Protestant };
            game.religion(space) == from && space.land_neighbours().any(|n| game.religion(n) == religion)
        }
        (_, Religion::Other) => false,
    }
}

/// The cards `power` may pick for the Diet of Worms (§18.1 step 1): any in
/// its hand, home cards included, but no mandatory event (and no diplomacy
/// card, which has no CP).
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::debate::diet_cards;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
/// game.give_card(Power::Papacy, Card::PapalBull).unwrap();
/// game.give_card(Power::Papacy, Card::MasterOfItaly).unwrap();
/// assert_eq!(diet_cards(&game, Power::Papacy).iter().collect::<Vec<_>>(), [Card::PapalBull]);
/// ```
pub fn diet_cards(game: &Game, power: Power) -> EnumSet<Card> {
    game.hand(power).iter().filter(|c| !matches!(c.kind(), CardKind::Mandatory | CardKind::Diplomacy)).collect()
}

/// The dice `power` rolls at the Diet of Worms with `card` (§18.1 step 2):
/// the card's CP, + 4 for the Protestant; a mandatory event (the two-player
/// Hapsburg card, §24.3) counts as 2 CP; no card, no CP.
///
/// ```
/// use here_i_stand::{Card, Power};
/// use here_i_stand::rules::debate::diet_dice;
/// assert_eq!(diet_dice(Power::Protestant, Some(Card::HereIStand)), 9);
/// assert_eq!(diet_dice(Power::Hapsburg, Some(Card::HolyRomanEmperor)), 5);
/// assert_eq!(diet_dice(Power::Papacy, None), 0);
/// ```
pub fn diet_dice(power: Power, card: Option<Card>) -> u8 {
    let cp = match card {
        Some(card) if card.kind() == CardKind::Mandatory => DIET_MANDATORY_CP,
        Some(card) => card.cp(),
        None => 0,
    };
    if power == Power::Protestant { cp + DIET_PROTESTANT_EXTRA_DICE } else { cp }
}

/// The debaters `power` may still send to the Council of Trent, with
/// `chosen` already sent (§18.6 step 1, #17 card text): its uncommitted
/// debaters (the Protestant's from any zone), up to 4 for the Papacy and 2
/// for the Protestant.
///
/// ```
/// use here_i_stand::{Debater, EnumSet, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::debate::council_choices;
/// let game = Game::new(Setup::new(Scenario::Y1517, 1));
/// assert_eq!(council_choices(&game, Power::Papacy, EnumSet::EMPTY).len(), 5);
/// let two: EnumSet<Debater> = [Debater::Luther, Debater::Bucer].into_iter().collect();
/// assert!(council_choices(&game, Power::Protestant, two).is_empty());
/// ```
pub fn council_choices(game: &Game, power: Power, chosen: EnumSet<Debater>) -> EnumSet<Debater> {
    let max = match power {
        Power::Papacy => COUNCIL_PAPAL_MAX,
        Power::Protestant => COUNCIL_PROTESTANT_MAX,
        _ => 0,
    };
    if chosen.len() >= max {
        return EnumSet::EMPTY;
    }
    Debater::ALL
        .into_iter()
        .filter(|&d| d.power() == power && game.debater_state(d) == DebaterState::Uncommitted && !chosen.contains(d))
        .collect()
}

/// The dice a side rolls at the Council of Trent (§18.6 step 2): the summed
/// debate values of its debaters, + 1 for the Papacy if Pole takes part.
///
/// ```
/// use here_i_stand::{Debater, EnumSet, Power};
/// use here_i_stand::rules::debate::council_dice;
/// let papal: EnumSet<Debater> = [Debater::Eck, Debater::Pole].into_iter().collect();
/// assert_eq!(council_dice(Power::Papacy, papal), 7);
/// ```
pub fn council_dice(power: Power, debaters: EnumSet<Debater>) -> u8 {
    let sum = debaters.iter().fold(0u8, |n, d| n.saturating_add(d.value()));
    let pole = power == Power::Papacy && debaters.contains(Debater::Pole);
    sum.saturating_add(u8::from(pole))
}
