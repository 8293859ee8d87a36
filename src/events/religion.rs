//! Events of the religious struggle (§18, §21.6): #11 Defender of the
//! Faith, #13 Schmalkaldic League, #15 Society of Jesus, #16 Calvin, #17
//! Council of Trent. Their pure rules are in `rules::events` and
//! `rules::religion`.

use super::{CardEvent, Forced, Leaves, always};
use crate::engine::Log;
use crate::event::Event;
use crate::frames::reformation::{Series, Source};
use crate::game::{DebaterState, Game, LeaderLocation, ReformerState, Scenario};
use crate::rules::events as rules;
use crate::rules::minor::{LandMove, apply_land_move};
use crate::rules::paths::{self, Metric};
use crate::rules::religion::AttemptKind;
use crate::sets::EnumSet;
use crate::types::{Card, Debater, Faction, Leader, Power, Reformer, Religion, Ruler, Space, SpaceKind};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::DefenderOfTheFaith, always, defender_of_the_faith),
    CardEvent::plain(Card::SchmalkaldicLeague, always, schmalkaldic_league)
        // Removed once the league has formed (#13).
        .with_leaves(Leaves::If(|game, _| rules::league_condition(game)))
        .with_forced(Forced { deadline: |_| Some(rules::LEAGUE_FORCED_TURN), power: Power::Protestant }),
    CardEvent::plain(Card::SocietyOfJesus, always, society_of_jesus)
        .with_forced(Forced { deadline: |_| Some(6), power: Power::Papacy }),
    CardEvent::plain(Card::Calvin, always, calvin),
    CardEvent::plain(Card::CouncilOfTrent, always, |game, _, log| game.begin_council_of_trent(log)),
];

/// #11 Defender of the Faith: the Papacy makes 3 counter-reformation
/// attempts in any zones; played by England, England draws a card. The
/// card is drawn before the attempts, which use no cards (the order
/// changes nothing a player can see or choose).
fn defender_of_the_faith(game: &mut Game, power: Power, log: &mut dyn Log) {
    if power == Power::England {
        game.draw_from_deck(Power::England, log);
    }
    let series = Series::new(Power::Papacy, AttemptKind::CounterReformation, Source::Event, None, 3);
    game.begin_attempts(series);
}

/// #15 Society of Jesus: two Jesuit universities now; founding them is
/// open from now on (`rules::religion::jesuits_founded` reads the removed
/// card). Forced in the winter of turn 6 (§19 step 8).
fn society_of_jesus(game: &mut Game, _: Power, _: &mut dyn Log) {
    game.begin_place_universities(2);
}

/// #16 Calvin: Luther dies (his reformer and debater leave the game) and
/// Calvin becomes the Protestant ruler.
fn calvin(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.reformers[Reformer::Luther.index()] != ReformerState::Removed {
        game.reformers[Reformer::Luther.index()] = ReformerState::Removed;
        log.event(Event::ReformerRemoved(Reformer::Luther));
    }
    let debater = &mut game.debaters[Debater::Luther.index()];
    if !matches!(*debater, DebaterState::Removed | DebaterState::Burned | DebaterState::Disgraced) {
        *debater = DebaterState::Removed;
        log.event(Event::DebaterRemoved(Debater::Luther));
    }
    game.new_ruler(Ruler::Calvin, log);
}

/// #13 Schmalkaldic League (§21.6), if its condition holds
/// (`rules::events::league_condition`); forced in the winter of turn 4.
fn schmalkaldic_league(game: &mut Game, _: Power, log: &mut dyn Log) {
    if !game.schmalkaldic_league && rules::league_condition(game) {
        form_schmalkaldic_league(game, log);
    }
}

/// The League forms (§21.6): the pre-League restrictions end; the Hapsburg
/// and the Papacy are at war with the Protestant for good (in the
/// two-player game they become allies); Protestant home spaces that are
/// Protestant turn Protestant-controlled, but not one with a Fortress
/// marker (#104, #86); Protestant units and army leaders
/// in Catholic electorates go to the nearest Protestant electorate; waiting
/// electorate regulars come into play; John Frederick and Philip of Hesse
/// arrive.
fn form_schmalkaldic_league(game: &mut Game, log: &mut dyn Log) {
    game.schmalkaldic_league = true;
    log.event(Event::SchmalkaldicLeagueFormed);
    for enemy in [Power::Hapsburg, Power::Papacy] {
        game.alliances.set(enemy.into(), Faction::Protestant, false);
        if !game.at_war(enemy, Power::Protestant) {
            game.wars.set(enemy.into(), Faction::Protestant, true);
            log.event(Event::WarBegan { a: enemy, b: Power::Protestant });
        }
    }
    if game.scenario() == Scenario::TwoPlayer && !game.allied(Power::Hapsburg, Power::Papacy) {
        game.wars.set(Faction::Hapsburg, Faction::Papacy, false);
        game.alliances.set(Faction::Hapsburg, Faction::Papacy, true);
        log.event(Event::AllianceFormed { a: Power::Hapsburg, b: Power::Papacy });
    }
    for space in Space::ALL {
        // "Spaces are not converted if they contain a Fortress marker" (§21.6).
        let convert = space.home() == Faction::Protestant
            && !game.fortresses_built().contains(space)
            && game.in_play(space)
            && game.religion(space) == Religion::Protestant
            && game.controller(space) != Faction::Protestant;
        if convert {
            let from = game.controller(space);
            game.put_control(space, Faction::Protestant);
            log.event(Event::ControlChanged { space, from, to: Faction::Protestant });
        }
    }
    finish_schmalkaldic_league(game, Default::default(), log);
}

/// The League's last steps (§21.6), once the Protestant picked among
/// equally near electorates (`frames::ties`, `picks`): the displacement
/// out of Catholic electorates, the electorate regulars, the two leaders.
pub(crate) fn finish_schmalkaldic_league(game: &mut Game, picks: crate::frames::ties::Picks, log: &mut dyn Log) {
    if game.ask_tie(crate::frames::ties::Tie::League, picks) {
        return;
    }
    displace_from_catholic_electorates(game, picks, log);
    game.place_electorate_regulars(log);
    for leader in [Leader::JohnFrederick, Leader::PhilipOfHesse] {
        if game.leader_location(leader) == LeaderLocation::Unavailable {
            let spaces = rules::league_leader_spaces(game, leader);
            game.place_leader(Power::Protestant, leader, spaces, log);
        }
    }
}

/// §21.6: Protestant land units and army leaders in an electorate that is
/// Catholic go to the nearest electorate Protestant by religion and control,
/// the Protestant choosing among equally near ones (§12.5; ruling M9); with
/// none, the units are eliminated and the leaders go to the turn track.
/// The moves, found from the position before any of them.
pub(crate) fn league_displacement(game: &Game) -> crate::rules::minor::LandMoves {
    let own = Faction::Protestant;
    let mut moves = crate::rules::minor::LandMoves::new();
    for from in Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate) {
        let units = game.land_units(from, own);
        let leaders: EnumSet<Leader> = game.army_leaders_at(from, own).collect();
        if game.religion(from) != Religion::Catholic || (units.is_empty() && leaders.is_empty()) {
            continue;
        }
        let (to, _) = paths::nearest(from, Metric::LandAndSea, |s| {
            s.kind() == SpaceKind::Electorate && game.religion(s) == Religion::Protestant && game.controller(s) == own
        });
        moves.push(LandMove { from, faction: own, units, leaders, to });
    }
    moves
}

/// Carries out [`league_displacement`] with the Protestant's `picks`.
fn displace_from_catholic_electorates(game: &mut Game, picks: crate::frames::ties::Picks, log: &mut dyn Log) {
    let mut moves = league_displacement(game);
    crate::frames::ties::narrow(game, &picks, &mut moves, &mut []);
    for m in moves {
        let to: EnumSet<Space> = m.to.iter().take(1).collect();
        let mut next = game.clone();
        let moved = LandMove { to, ..m };
        if apply_land_move(&mut next, &moved).is_ok() {
            *game = next;
            log.event(Event::LandUnitsDisplaced {
                faction: m.faction,
                from: m.from,
                to: to.iter().next(),
                units: m.units,
            });
        }
    }
}

impl Game {
    /// The electorate regulars waiting on the Electorate Display whose
    /// electorate now lets them in come into play there (§18.7, §21.6).
    pub(crate) fn place_electorate_regulars(&mut self, log: &mut dyn Log) {
        for space in self.electorate_display {
            self.release_electorate_regulars(space, log);
        }
    }
}
