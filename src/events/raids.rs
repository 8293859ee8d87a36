//! Sieges betrayed, cities sacked, borders raided: #105 Treachery!, #95
//! Sack of Rome, #97 Scots Raid.

use super::minors::displace_from;
use super::{CardEvent, EventStep, Leaves, SpendLimit, Steps, always};
use crate::action::Action;
use crate::engine::impulse_powers;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::battle::CardBattle;
use crate::frames::siege::ASSAULT_CP;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{best_battle_rating, can_assault_new_siege, is_besieging};
use crate::rules::combat_cards::{Seat, bribed};
use crate::rules::construction::fits_one_more;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, LanguageZone, Leader, LeaderKind, MinorPower, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(
        Card::Treachery,
        |game, _| !treachery_spaces(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::Treachery, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the besieged space betrayed",
            _ => "the besieging power that assaults",
        },
        actions: treachery_actions,
        apply: treachery_apply,
        fits: |step| step.step == 0 || (step.step == 1 && step.space.is_some()),
    }),
    // Discarded as played; removed by its own code if the Papacy loses.
    CardEvent::plain(
        Card::SackOfRome,
        |game, _| sack_stacks(game).next().is_some(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::SackOfRome, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the space of the stack that sacks Rome",
            1 => "the power whose stack sacks Rome",
            _ => "the card taken from the Papacy to discard",
        },
        actions: sack_actions,
        apply: sack_apply,
        fits: |step| match step.step {
            0 => true,
            1 => step.space.is_some(),
            _ => usize::from(step.left) < MAX_HAND && usize::from(step.step - SACK_DISCARD) < MAX_HAND,
        },
    }),
    // Removed after it occurs, as every mandatory event but #12 and #17 (§6.2).
    CardEvent::plain(Card::ScotsRaid, always, scots_raid)
        .with_leaves(Leaves::If(|_, _| true))
        .with_spend_limit(SpendLimit { allows: raid_allows, extra: raid_assaults })
        .with_steps(Steps {
            prompt: |step| match step.step {
                0 => "a French leader to send to Scotland for 3 CP only, or decline",
                _ => "the Scottish home space the leader goes to",
            },
            actions: raid_actions,
            apply: raid_apply,
            fits: |step| step.step == 0 || (step.step == 1 && usize::from(step.left) < Leader::COUNT),
        }),
];

// --- #105 Treachery! ----------------------------------------------------------------

/// The powers besieging `space` with their own units or their allied
/// minors' regulars (#105: one of them assaults; ruling AL4). Only a power a player commands can make the assault: in the
/// two-player game a besieging Hapsburg, French or Ottoman army is not one
/// (ruling CB8; acting for the invaders, §24.3, is not built).
pub fn treachery_besiegers(game: &Game, space: Space) -> EnumSet<Power> {
    let played = game.scenario().powers();
    Power::ALL.into_iter().filter(|&p| played.contains(&p) && is_besieging(game, p, space)).collect()
}

/// The spaces #105 may target: fortified spaces under siege by a major
/// power's units ([`is_besieging`]: an empty fortress too), whatever its
/// line of communication, the ships nearby, or when the siege began.
pub fn treachery_spaces(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples()
        .filter(|&(space, _, _, besieged)| !besieged && !treachery_besiegers(game, space).is_empty())
        .map(|(space, ..)| space)
        .collect()
}

fn treachery_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.space {
        None => list.extend(treachery_spaces(game).iter().map(Action::Target)),
        Some(space) => list.extend(treachery_besiegers(game, space).iter().map(Action::TargetPower)),
    }
}

/// #105 Treachery!: the player picks a besieged space, then (if several
/// powers besiege it) the besieging power; that power assaults at once, for
/// no CP, even without a line of communication or against the defender's
/// ships (§15.1's other steps as usual). If its besiegers still outnumber
/// the units inside afterwards, those are eliminated, the leaders inside
/// captured and the space taken (`frames::siege`, the assault's
/// `surrender`).
fn treachery_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let (space, power) = match (action, step.space) {
        (Action::Target(space), _) => {
            let powers = treachery_besiegers(game, space);
            match powers.iter().next() {
                Some(power) if powers.len() == 1 => (space, power),
                _ => {
                    game.stack.push(Frame::Event(EventStep { step: 1, space: Some(space), ..step }));
                    return;
                }
            }
        }
        (Action::TargetPower(power), Some(space)) => (space, power),
        _ => return,
    };
    game.start_assault(power, space, true, log);
}

// --- #97 Scots Raid -----------------------------------------------------------------

/// The CP Scots Raid gives France (#97), and with a leader sent to Scotland.
pub const RAID_CP: u8 = 6;
/// The CP with a French leader sent to a Scottish home space first (#97).
pub const RAID_CP_WITH_LEADER: u8 = 3;

/// Where Scots Raid's CP are spent (#97): the Scottish home spaces,
/// Berwick, Carlisle and York.
pub fn raid_area(space: Space) -> bool {
    space.home() == Faction::Scotland || matches!(space, Space::Berwick | Space::Carlisle | Space::York)
}

/// What Scots Raid's CP buy (#97): building units, moving (a formation's
/// origin and every step in the area), controlling spaces and assaulting,
/// all in [`raid_area`]; `Done` gives up the rest.
fn raid_allows(action: Action) -> bool {
    match action {
        Action::Done => true,
        Action::MoveFrom(s)
        | Action::MoveTo(s)
        | Action::RaiseRegular(s)
        | Action::BuyMercenary(s)
        | Action::RaiseCavalry(s)
        | Action::BuildSquadron(s)
        | Action::Control(s)
        | Action::Assault(s) => raid_area(s),
        _ => false,
    }
}

/// #97: assaults in the area also on a siege begun this impulse.
fn raid_assaults(game: &Game, power: Power, cp: u8, list: &mut ActionList) {
    if cp < ASSAULT_CP || game.war.foul_weather {
        return;
    }
    let own = Faction::from(power);
    for (space, faction, _, besieged) in game.land_stack_tuples() {
        let assault = Action::Assault(space);
        if faction == own
            && !besieged
            && raid_area(space)
            && game.war.sieges_begun.contains(space)
            && can_assault_new_siege(game, power, space)
            && !list.contains(&assault)
        {
            list.push(assault);
        }
    }
}

/// French army leaders #97 may send to Scotland: on the map, free (not
/// besieged), with a Scottish home space to go to.
fn raid_leaders(game: &Game) -> EnumSet<Leader> {
    if raid_spaces(game).is_empty() {
        return EnumSet::EMPTY;
    }
    Leader::ALL
        .into_iter()
        .filter(|&l| l.kind() == LeaderKind::Army && game.leader_owner(l) == Some(Faction::France))
        .filter(|&l| match game.leader_location(l) {
            LeaderLocation::Space(s) => !game.is_besieged(s, Faction::France),
            _ => false,
        })
        .collect()
}

/// Where #97 may send a French leader: Scottish home spaces in play,
/// under friendly control, free of enemy land units.
fn raid_spaces(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.home() == Faction::Scotland && game.in_play(s))
        .filter(|&s| game.is_friendly_controlled(Power::France, s) && !game.has_enemy_land_units(Power::France, s))
        .collect()
}

/// #97 Scots Raid, played by any power (or drawn): nothing unless Scotland
/// is France's ally. Stirling, if not French, becomes French and the
/// units there that are neither French nor Scottish are displaced. France
/// may then send a leader to a Scottish home space (3 CP) or not (6 CP),
/// and spends them, limited to [`raid_allows`], before the player's own
/// 2 CP of a mandatory event.
fn scots_raid(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.minor_ally(MinorPower::Scotland) != Some(Power::France) {
        return;
    }
    let stirling = Space::Stirling;
    let from = game.controller(stirling);
    if from != Faction::France {
        game.put_control(stirling, Faction::France);
        log.event(Event::ControlChanged { space: stirling, from, to: Faction::France });
        let single: EnumSet<Space> = [stirling].into_iter().collect();
        for power in Power::ALL.into_iter().filter(|&p| p != Power::France) {
            displace_from(game, power, single, log);
        }
        game.check_siege(stirling, log);
    }
    if raid_leaders(game).is_empty() {
        raid_cp(game, RAID_CP);
    } else {
        game.stack.push(Frame::Event(EventStep::new(Card::ScotsRaid, Power::France)));
    }
}

/// France's limited CP (a `Spend` frame limited by #97).
fn raid_cp(game: &mut Game, cp: u8) {
    let spend = Frame::spend(Power::France, cp, Some(Card::ScotsRaid));
    game.stack.push(spend);
}

fn raid_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        0 => {
            list.push(Action::Decline);
            list.extend(raid_leaders(game).iter().map(Action::AddLeader));
        }
        _ => list.extend(raid_spaces(game).iter().map(Action::PlaceAt)),
    }
}

/// #97: France declines (6 CP) or names a leader (`left` keeps his
/// index), then his Scottish home space (3 CP).
fn raid_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Decline => raid_cp(game, RAID_CP),
        Action::AddLeader(leader) => {
            let next = EventStep { step: 1, left: leader.index() as u8, ..step };
            game.stack.push(Frame::Event(next));
        }
        Action::PlaceAt(space) => {
            if let Some(&leader) = Leader::ALL.get(usize::from(step.left)) {
                game.put_leader(leader, space, log);
            }
            raid_cp(game, RAID_CP_WITH_LEADER);
        }
        _ => {}
    }
}

// --- #95 Sack of Rome ---------------------------------------------------------------

/// The CP St. Peter's loses when the Papacy loses the sack (#95, §21.5).
pub const SACK_ST_PETERS_LOSS: u8 = 5;
/// The cards the sacker takes from the Papal hand (§21.5 step 6).
pub const SACK_CARDS: usize = 2;
/// The step at which the sacker discards one of the two cards: `SACK_DISCARD
/// + r`, `r` the rank in its hand of one card, `left` the other's.
const SACK_DISCARD: u8 = 2;
/// More cards than any hand holds (the ranks of the sacker's choice).
const MAX_HAND: usize = 64;

/// Papal regulars in Rome (§21.5: only they defend).
fn papal_regulars_in_rome(game: &Game) -> u8 {
    game.land_units(Space::Rome, Faction::Papacy).regulars
}

/// The stacks #95 may send (§21.5): a non-Papal major power's units, not
/// besieged, in an Italian-speaking space other than Rome, with more
/// mercenaries than there are Papal regulars in Rome; as (space, power).
fn sack_stacks(game: &Game) -> impl Iterator<Item = (Space, Power)> + '_ {
    let regulars = papal_regulars_in_rome(game);
    game.land_stack_tuples()
        .filter(move |&(space, _, units, besieged)| {
            !besieged
                && space != Space::Rome
                && space.language() == Some(LanguageZone::Italian)
                && units.mercenaries > regulars
        })
        .filter_map(|(space, faction, ..)| faction.major().filter(|&p| p != Power::Papacy).map(|p| (space, p)))
}

/// The powers whose stack in `space` may sack Rome (#95).
fn sack_powers(game: &Game, space: Space) -> EnumSet<Power> {
    sack_stacks(game).filter(|s| s.0 == space).map(|s| s.1).collect()
}

fn sack_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match (step.step, step.space) {
        (0, _) => {
            let spaces: EnumSet<Space> = sack_stacks(game).map(|(s, _)| s).collect();
            list.extend(spaces.iter().map(Action::Target));
        }
        (1, Some(space)) => list.extend(sack_powers(game, space).iter().map(Action::TargetPower)),
        _ => {
            let hand = game.hand(step.power);
            for rank in [step.left, step.step - SACK_DISCARD] {
                // Never a mandatory event (a discard of choice, §6.1).
                list.extend(
                    hand.nth(usize::from(rank))
                        .filter(|c| c.kind() != crate::types::CardKind::Mandatory)
                        .map(Action::Discard),
                );
            }
            // A loaded choice whose hand no longer has those ranks: go on.
            if list.is_empty() {
                list.push(Action::Done);
            }
        }
    }
}

fn sack_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Target(space) => {
            let powers = sack_powers(game, space);
            match powers.iter().next() {
                Some(power) if powers.len() == 1 => sack_of_rome(game, step, space, power, log),
                _ => game.stack.push(Frame::Event(EventStep { step: 1, space: Some(space), ..step })),
            }
        }
        Action::TargetPower(power) => {
            if let Some(space) = step.space {
                sack_of_rome(game, step, space, power, log);
            }
        }
        Action::Discard(card) => {
            game.hands[step.power.index()].remove(card);
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: step.power, card });
        }
        _ => {}
    }
}

/// #95 Sack of Rome (§21.5): `power`'s stack in `space` fights a field
/// battle against the Papal regulars in Rome, no war needed or made, with
/// the combat-card windows of a field battle (`Game::begin_card_battle`;
/// docs/rulings.md CB5); [`resolve_sack`] then applies the result.
fn sack_of_rome(game: &mut Game, _: EventStep, space: Space, power: Power, log: &mut dyn Log) {
    let battle = CardBattle { card: Card::SackOfRome, power, space: Some(space), rolled: false };
    game.begin_card_battle(battle, log);
}

/// #95's sides (§21.5 step 2): the stack's land units, cavalry included;
/// the Papal regulars in Rome (its mercenaries and allies are ignored).
pub(super) fn sack_units(game: &Game, battle: CardBattle) -> [u8; 2] {
    let stack = battle.space.map_or(LandUnits::NONE, |s| game.land_units(s, Faction::from(battle.power)));
    [stack.total(), papal_regulars_in_rome(game)]
}

/// #95's main dice with `units` standing: the stack a die per unit, no
/// formation limit, plus its best army leader's battle rating (none with
/// no units); the Papacy a die per regular plus one (one alone with no
/// regular).
pub(super) fn sack_dice(game: &Game, battle: CardBattle, side: usize, units: u8) -> u8 {
    match (side, battle.space) {
        (0, Some(space)) if units > 0 => {
            units.saturating_add(best_battle_rating(game.army_leaders_at(space, Faction::from(battle.power))))
        }
        (0, _) => 0,
        _ => units.saturating_add(1),
    }
}

/// #95's result (§21.5 steps 3-6): more hits wins, the Papacy wins ties.
/// Losses as in §14 step 9 (`Game::card_battle_losses`): the Papacy's
/// from its regulars, hits beyond them on its mercenaries in Rome; the
/// stack's as evenly as possible between mercenaries and regulars. The
/// survivors stay where they came from. If the Papacy loses: St. Peter's
/// loses 5 CP, the stack's owner takes 2 random cards from the Papal hand,
/// keeps one and discards the other, and the card leaves the game.
pub(super) fn resolve_sack(game: &mut Game, battle: CardBattle, log: &mut dyn Log) {
    let (power, Some(space)) = (battle.power, battle.space) else { return };
    let own = Faction::from(power);
    let stack = game.land_units(space, own);
    let regulars = papal_regulars_in_rome(game);
    let cards = game.war.cards;
    let (a_hits, d_hits) = (cards.hits(0), cards.hits(1));
    let papacy_wins = d_hits >= a_hits;
    let winner = if papacy_wins { Faction::Papacy } else { own };
    log.event(Event::FieldBattle {
        attacker: power,
        defender: Faction::Papacy,
        space: Space::Rome,
        attacker_dice: cards.rolled[0],
        defender_dice: cards.rolled[1],
        winner,
    });
    // A land combat with the Papacy: Venice's Phony War (§9.6 step 6).
    game.phony_war_fought(own, Faction::Papacy, log);
    let [a_loss, d_loss] = game.card_battle_losses([stack.total(), regulars]);
    game.remove_units(space, own, sack_losses(stack, a_loss), log);
    let papal = game.land_units(Space::Rome, Faction::Papacy);
    let beyond = a_hits.saturating_sub(regulars).min(papal.mercenaries);
    let lost = LandUnits { regulars: d_loss, mercenaries: beyond, ..LandUnits::NONE };
    game.remove_units(Space::Rome, Faction::Papacy, lost, log);
    if papacy_wins {
        return;
    }
    game.st_peters_cp = game.st_peters_cp.saturating_sub(SACK_ST_PETERS_LOSS);
    if game.discard.contains(Card::SackOfRome) {
        game.discard.remove(Card::SackOfRome);
        game.removed.insert(Card::SackOfRome);
    }
    take_papal_cards(game, EventStep::new(Card::SackOfRome, power), power, log);
}

/// #26 Mercenaries Bribed played by the Papacy in #95's battle: half the
/// stack's mercenaries (rounded up) leave it, and as many new Papal
/// mercenaries go to Rome as its counters allow; they do not fight there,
/// where only Papal regulars defend (§21.5; ruling CB5).
pub(super) fn sack_bribed(game: &mut Game, battle: CardBattle, seat: Seat, log: &mut dyn Log) {
    let Some(space) = battle.space.filter(|_| !seat.attacking) else { return };
    let enemy = Faction::from(battle.power);
    let n = bribed(game.land_units(space, enemy).mercenaries);
    game.remove_units(space, enemy, LandUnits { mercenaries: n, ..LandUnits::NONE }, log);
    let own = Faction::from(seat.power);
    let mut placed = 0u8;
    while placed < n && fits_one_more(game, own, Space::Rome, LandUnitKind::Mercenary) {
        let units = game.land_units(Space::Rome, own).plus_one(LandUnitKind::Mercenary);
        let besieged = game.is_besieged(Space::Rome, own);
        game.put_units(Space::Rome, own, units, besieged);
        placed += 1;
    }
    if placed > 0 {
        let units = LandUnits { mercenaries: placed, ..LandUnits::NONE };
        log.event(Event::LandUnitsPlaced { faction: own, space: Space::Rome, units });
    }
}

/// The stack's `n` losses, as evenly as possible between mercenaries and
/// regulars (mercenaries first on an odd count), then cavalry.
pub fn sack_losses(stack: LandUnits, n: u8) -> LandUnits {
    let mut lost = LandUnits::NONE;
    for _ in 0..n.min(stack.total()) {
        let (m, r) = (stack.mercenaries - lost.mercenaries, stack.regulars - lost.regulars);
        if m > 0 && (lost.mercenaries <= lost.regulars || r == 0) {
            lost.mercenaries += 1;
        } else if r > 0 {
            lost.regulars += 1;
        } else {
            lost.cavalry += 1;
        }
    }
    lost
}

/// §21.5 step 6: the sacker takes 2 random cards from the Papal hand (never
/// a home card), keeps one and discards the other (a lone card it keeps;
/// never a mandatory event, §6.1: with two it keeps both).
/// In the two-player game a sacker that takes no impulses (France, the
/// Hapsburg) discards both (the card's two-player face).
fn take_papal_cards(game: &mut Game, step: EventStep, power: Power, log: &mut dyn Log) {
    let mut taken: smallvec::SmallVec<[Card; SACK_CARDS]> = smallvec::SmallVec::new();
    for _ in 0..SACK_CARDS {
        if let Some(card) = game.take_random_card(Power::Papacy) {
            game.hands[power.index()].insert(card);
            log.event(Event::CardDrawn { power, from: Power::Papacy, card: Some(card) });
            taken.push(card);
        }
    }
    if !impulse_powers(game.scenario()).contains(&power) {
        for card in taken {
            game.hands[power.index()].remove(card);
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power, card });
        }
        return;
    }
    if let [a, b] = taken[..] {
        let hand = game.hand(power);
        let rank = |card: Card| hand.iter().position(|c| c == card).unwrap_or(0) as u8;
        let choice = EventStep { power, step: SACK_DISCARD + rank(b), left: rank(a), ..step };
        game.stack.push(Frame::Event(choice));
    }
}
