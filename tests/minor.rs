//! Minor powers and independent keys (§22, seed page 000).

use here_i_stand::rules::minor::*;
use here_i_stand::{
    EditError, EnumSet, Faction, Game, LandStack, LandUnits, Leader, LeaderLocation, MinorPower, NavalLocation,
    NavalUnits, Power, Scenario, SeaZone, Setup, Space,
};
use proptest::prelude::*;

type R = Result<(), EditError>;

fn empty() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 0))
}

fn set(spaces: &[Space]) -> EnumSet<Space> {
    spaces.iter().copied().collect()
}

fn regs(n: u8) -> LandUnits {
    LandUnits::regulars(n)
}

// --- The activation table (§22.1) ---------------------------------------------

#[test]
fn activation_table_every_pair() {
    use MinorPower::*;
    use Power::*;
    let allowed = [
        (Genoa, vec![Hapsburg, France, Papacy]),
        (HungaryBohemia, vec![Hapsburg]),
        (Scotland, vec![England, France]),
        (Venice, vec![Hapsburg, France, Papacy]),
    ];
    let game = empty();
    for (minor, powers) in allowed {
        for power in Power::ALL {
            let expected = powers.contains(&power);
            assert_eq!(can_activate(&game, power, minor), expected, "{power} activating {minor}");
            assert_eq!(activators(minor).contains(power), expected);
            assert_eq!(activation(&game, power, minor).is_some(), expected);
        }
    }
    assert!(activation_options(&game, Ottoman).is_empty());
    assert!(activation_options(&game, Protestant).is_empty());
    assert_eq!(activation_options(&game, Hapsburg).len(), 3);
}

#[test]
fn natural_allies() {
    assert_eq!(natural_ally(MinorPower::HungaryBohemia), Some(Power::Hapsburg));
    assert_eq!(natural_ally(MinorPower::Scotland), Some(Power::France));
    assert_eq!(natural_ally(MinorPower::Venice), Some(Power::Papacy));
    assert_eq!(natural_ally(MinorPower::Genoa), None);
}

#[test]
fn active_minor_cannot_be_activated_again() -> R {
    let mut game = empty();
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    assert!(!can_activate(&game, Power::Hapsburg, MinorPower::Genoa));
    assert!(!can_activate(&game, Power::France, MinorPower::Genoa));
    assert!(!activation_options(&game, Power::Papacy).contains(MinorPower::Genoa));
    assert!(activation_options(&game, Power::Papacy).contains(MinorPower::Venice));
    Ok(())
}

#[test]
fn deactivation_table_every_minor() -> R {
    let mut game = empty();
    for minor in MinorPower::ALL {
        assert!(!can_deactivate(&game, minor), "{minor} inactive");
    }
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    game.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true)?;
    game.set_alliance(Power::England, MinorPower::Scotland, true)?;
    game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
    assert!(can_deactivate(&game, MinorPower::Genoa));
    assert!(can_deactivate(&game, MinorPower::Scotland));
    assert!(can_deactivate(&game, MinorPower::Venice));
    assert!(!can_deactivate(&game, MinorPower::HungaryBohemia));
    assert!(deactivation(&game, MinorPower::HungaryBohemia).is_none());
    assert!(!may_be_deactivated(MinorPower::HungaryBohemia));
    Ok(())
}

// --- Activation (§22.2) ---------------------------------------------------------

#[test]
fn activation_marks_keys_and_other_spaces() -> R {
    let mut game = empty();
    // Zara was taken by the Ottoman: it is not the minor's to hand over.
    game.set_controller(Space::Zara, Faction::Ottoman)?;
    let a = activation(&game, Power::Papacy, MinorPower::Venice).unwrap();
    assert_eq!(a.keys, set(&[Space::Venice]));
    assert_eq!(a.other_spaces, set(&[Space::Candia, Space::Corfu]));
    assert!(a.at_war_with_minor.is_empty());
    assert!(a.wars_ended.is_empty());

    apply_activation(&mut game, &a, EnumSet::EMPTY)?;
    assert!(game.allied(Power::Papacy, MinorPower::Venice));
    assert_eq!(game.controller(Space::Venice), Faction::Papacy);
    assert_eq!(game.controller(Space::Corfu), Faction::Papacy);
    assert_eq!(game.controller(Space::Candia), Faction::Papacy);
    assert_eq!(game.controller(Space::Zara), Faction::Ottoman);
    assert!(game.keys_controlled(Power::Papacy).contains(Space::Venice));
    assert!(game.spaces_controlled(Faction::Venice).is_empty());
    Ok(())
}

/// Hungary activated by Diplomatic Marriage while the Ottoman is at war with
/// it and holds Belgrade, with units in Mohacs and besieging Buda.
fn hungary_under_attack() -> Result<Game, EditError> {
    let mut game = empty();
    game.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true)?;
    game.set_controller(Space::Belgrade, Faction::Ottoman)?;
    game.set_land_units(Space::Belgrade, Faction::Ottoman, regs(2))?;
    game.set_land_units(Space::Mohacs, Faction::Ottoman, regs(3))?;
    game.set_leader(Leader::Ibrahim, LeaderLocation::Space(Space::Mohacs))?;
    game.set_land_units(Space::Buda, Faction::Ottoman, regs(4))?;
    game.set_besieged_units(Space::Buda, Faction::HungaryBohemia, regs(3))?;
    Ok(game)
}

#[test]
fn activation_offers_free_war_or_sends_units_home() -> R {
    let game = hungary_under_attack()?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    assert_eq!(a.wars_ended.iter().collect::<Vec<_>>(), vec![Power::Ottoman]);
    assert_eq!(a.at_war_with_minor.len(), 1);
    let war = &a.at_war_with_minor[0];
    assert_eq!(war.power, Power::Ottoman);
    assert_eq!(war.declaration, FreeDeclaration::Optional);
    // Mohacs and Buda are still Hungarian: the Ottoman units there would leave,
    // to the nearest unbesieged Ottoman fortified space (Belgrade) or Istanbul.
    let mut moves = war.land_if_declined.to_vec();
    moves.sort_by_key(|m| m.from);
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].from, Space::Buda);
    assert_eq!(moves[0].units, regs(4));
    assert_eq!(moves[0].to, set(&[Space::Belgrade, Space::Istanbul]));
    assert_eq!(moves[1].from, Space::Mohacs);
    assert_eq!(moves[1].units, regs(3));
    assert!(moves[1].leaders.contains(Leader::Ibrahim));
    assert_eq!(moves[1].to, set(&[Space::Belgrade, Space::Istanbul]));
    assert!(war.naval_if_declined.is_empty());
    // Belgrade is the Ottoman's already: not handed to the Hapsburg.
    assert_eq!(a.keys, set(&[Space::Buda, Space::Prague]));
    Ok(())
}

#[test]
fn declining_the_free_war_moves_the_units() -> R {
    let mut game = hungary_under_attack()?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    apply_activation(&mut game, &a, EnumSet::EMPTY)?;
    assert!(!game.at_war(Power::Ottoman, Power::Hapsburg));
    assert!(!game.at_war(Power::Ottoman, MinorPower::HungaryBohemia));
    assert!(game.land_units(Space::Mohacs, Faction::Ottoman).is_empty());
    assert!(game.land_units(Space::Buda, Faction::Ottoman).is_empty());
    // First in index order of the tie: Belgrade.
    assert_eq!(game.land_units(Space::Belgrade, Faction::Ottoman), regs(9));
    assert_eq!(game.leader_location(Leader::Ibrahim), LeaderLocation::Space(Space::Belgrade));
    assert_eq!(game.controller(Space::Buda), Faction::Hapsburg);
    assert_eq!(game.controller(Space::Mohacs), Faction::Hapsburg);
    assert_eq!(game.controller(Space::Belgrade), Faction::Ottoman);
    Ok(())
}

#[test]
fn declaring_the_free_war_keeps_the_units() -> R {
    let mut game = hungary_under_attack()?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    let declared: EnumSet<Power> = [Power::Ottoman].into_iter().collect();
    apply_activation(&mut game, &a, declared)?;
    assert!(game.at_war(Power::Ottoman, Power::Hapsburg));
    assert!(!game.at_war(Power::Ottoman, MinorPower::HungaryBohemia));
    assert_eq!(game.land_units(Space::Mohacs, Faction::Ottoman), regs(3));
    assert_eq!(game.land_units(Space::Buda, Faction::Ottoman), regs(4));
    assert_eq!(game.controller(Space::Buda), Faction::Hapsburg);
    Ok(())
}

#[test]
fn free_war_forbidden_with_an_ally_and_moot_when_at_war() -> R {
    let mut game = hungary_under_attack()?;
    game.set_alliance(Power::Ottoman, Power::Hapsburg, true)?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    assert_eq!(a.at_war_with_minor[0].declaration, FreeDeclaration::Forbidden);
    assert_eq!(a.at_war_with_minor[0].land_if_declined.len(), 2);
    // Forbidden counts as declined, even if named.
    let mut applied = game.clone();
    apply_activation(&mut applied, &a, [Power::Ottoman].into_iter().collect())?;
    assert!(!applied.at_war(Power::Ottoman, Power::Hapsburg));
    assert!(applied.land_units(Space::Mohacs, Faction::Ottoman).is_empty());

    game.set_alliance(Power::Ottoman, Power::Hapsburg, false)?;
    game.set_war(Power::Ottoman, Power::Hapsburg, true)?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    assert_eq!(a.at_war_with_minor[0].declaration, FreeDeclaration::AlreadyAtWar);
    assert!(a.at_war_with_minor[0].land_if_declined.is_empty());
    Ok(())
}

#[test]
fn displaced_units_avoid_besieged_fortresses() -> R {
    let mut game = hungary_under_attack()?;
    // Belgrade is now under siege (Ottoman inside, Hungarians outside).
    game.set_land_units(Space::Belgrade, Faction::Ottoman, LandUnits::NONE)?;
    game.set_besieged_units(Space::Belgrade, Faction::Ottoman, regs(1))?;
    game.set_land_units(Space::Belgrade, Faction::HungaryBohemia, regs(1))?;
    let a = activation(&game, Power::Hapsburg, MinorPower::HungaryBohemia).unwrap();
    let m = a.at_war_with_minor[0].land_if_declined.iter().find(|m| m.from == Space::Mohacs).copied().unwrap();
    assert!(!m.to.contains(Space::Belgrade));
    assert!(m.to.contains(Space::Istanbul));
    Ok(())
}

#[test]
fn declined_ships_go_to_the_nearest_own_port() -> R {
    let mut game = empty();
    game.set_war(Power::Ottoman, MinorPower::Venice, true)?;
    game.set_land_units(Space::Corfu, Faction::Ottoman, regs(5))?;
    game.set_besieged_units(Space::Corfu, Faction::Venice, regs(1))?;
    let at_corfu = NavalLocation::Port(Space::Corfu);
    game.set_naval_units(at_corfu, Faction::Ottoman, NavalUnits::squadrons(2))?;
    game.set_leader(Leader::Dragut, LeaderLocation::Space(Space::Corfu))?;
    let a = activation(&game, Power::France, MinorPower::Venice).unwrap();
    let war = &a.at_war_with_minor[0];
    assert_eq!(war.land_if_declined.len(), 1);
    assert_eq!(war.land_if_declined[0].to, set(&[Space::Scutari, Space::Istanbul]));
    assert_eq!(war.naval_if_declined.len(), 1);
    let ships = war.naval_if_declined[0];
    assert_eq!(ships.units, NavalUnits::squadrons(2));
    assert!(ships.leaders.contains(Leader::Dragut));
    // Corfu - Ionian or Adriatic - an Ottoman port: 2 steps.
    assert_eq!(ships.to, set(&[Space::Coron, Space::Durazzo, Space::Lepanto, Space::Scutari]));
    apply_activation(&mut game, &a, EnumSet::EMPTY)?;
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Coron), Faction::Ottoman), NavalUnits::squadrons(2));
    assert_eq!(game.leader_location(Leader::Dragut), LeaderLocation::Space(Space::Coron));
    assert_eq!(game.controller(Space::Corfu), Faction::France);
    Ok(())
}

// --- Deactivation (§22.4) -------------------------------------------------------

/// Genoa, France's ally, with French, English and Genoese units about.
fn french_genoa() -> Result<Game, EditError> {
    let mut game = empty();
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    game.set_alliance(Power::France, Power::England, true)?;
    game.set_controller(Space::Genoa, Faction::France)?;
    game.set_controller(Space::Bastia, Faction::France)?;
    game.set_land_units(Space::Genoa, Faction::France, regs(3))?;
    game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Genoa))?;
    game.set_land_units(Space::Genoa, Faction::Genoa, regs(1))?;
    game.set_land_units(Space::Bastia, Faction::England, regs(1))?;
    game.set_naval_units(NavalLocation::Port(Space::Genoa), Faction::France, NavalUnits::squadrons(1))?;
    game.set_land_units(Space::Marseille, Faction::Genoa, regs(1))?;
    let lyon = NavalLocation::Sea(SeaZone::GulfOfLyon);
    game.set_naval_units(lyon, Faction::Genoa, NavalUnits::squadrons(1))?;
    game.set_leader(Leader::AndreaDoria, LeaderLocation::Sea(SeaZone::GulfOfLyon))?;
    Ok(game)
}

#[test]
fn deactivation_returns_the_home_spaces() -> R {
    let game = french_genoa()?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    assert_eq!(d.former_ally, Power::France);
    assert_eq!(d.returned, set(&[Space::Bastia, Space::Genoa]));
    Ok(())
}

#[test]
fn deactivation_sends_foreign_land_units_to_friendly_fortresses() -> R {
    let game = french_genoa()?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    let french = d.displaced_land.iter().find(|m| m.faction == Faction::France).unwrap();
    assert_eq!(french.from, Space::Genoa);
    assert_eq!(french.units, regs(3));
    assert!(french.leaders.contains(Leader::Montmorency));
    // Genoa - Pavia or Turin - Milan; Genoa - Nice or the Gulf of Lyon - Marseille.
    assert_eq!(french.to, set(&[Space::Marseille, Space::Milan]));
    // England's ally France's spaces are friendly; Genoa is no longer.
    let english = d.displaced_land.iter().find(|m| m.faction == Faction::England).unwrap();
    assert_eq!(english.from, Space::Bastia);
    assert_eq!(english.to, set(&[Space::Marseille]));
    assert_eq!(d.displaced_land.len(), 2);
    Ok(())
}

/// Ruling RB5: never into a fortress where units at war with them stand,
/// not even an empty one under siege: with a Hapsburg besieger at an empty
/// French Milan, France's units go to Marseille only.
#[test]
fn deactivation_never_sends_units_among_their_enemies() -> R {
    let mut game = french_genoa()?;
    game.set_war(Power::France, Power::Hapsburg, true)?;
    game.set_land_units(Space::Milan, Faction::Hapsburg, regs(1))?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    let french = d.displaced_land.iter().find(|m| m.faction == Faction::France).unwrap();
    assert_eq!(french.to, set(&[Space::Marseille]));
    Ok(())
}

#[test]
fn deactivation_sends_foreign_ships_to_friendly_ports() -> R {
    let game = french_genoa()?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    assert_eq!(d.displaced_naval.len(), 1);
    let ships = d.displaced_naval[0];
    assert_eq!(ships.faction, Faction::France);
    assert_eq!(ships.from, NavalLocation::Port(Space::Genoa));
    assert_eq!(ships.to, set(&[Space::Marseille]));
    Ok(())
}

#[test]
fn deactivation_brings_the_minors_units_home() -> R {
    let game = french_genoa()?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    // The regular already in Genoa stays; the one in Marseille goes home.
    assert_eq!(d.minor_land.len(), 1);
    assert_eq!(d.minor_land[0].from, Space::Marseille);
    assert_eq!(d.minor_land[0].to, set(&[Space::Genoa]));
    // The fleet and Doria at sea: Genoa and Bastia are both one step away.
    assert_eq!(d.minor_naval.len(), 1);
    let fleet = d.minor_naval[0];
    assert_eq!(fleet.from, NavalLocation::Sea(SeaZone::GulfOfLyon));
    assert_eq!(fleet.units, NavalUnits::squadrons(1));
    assert!(fleet.leaders.contains(Leader::AndreaDoria));
    assert_eq!(fleet.to, set(&[Space::Bastia, Space::Genoa]));
    Ok(())
}

#[test]
fn applying_deactivation() -> R {
    let mut game = french_genoa()?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    apply_deactivation(&mut game, &d)?;
    assert_eq!(game.minor_ally(MinorPower::Genoa), None);
    assert_eq!(game.controller(Space::Genoa), Faction::Genoa);
    assert_eq!(game.controller(Space::Bastia), Faction::Genoa);
    assert!(game.land_units(Space::Genoa, Faction::France).is_empty());
    assert_eq!(game.land_units(Space::Marseille, Faction::France), regs(3));
    assert_eq!(game.land_units(Space::Marseille, Faction::England), regs(1));
    assert_eq!(game.land_units(Space::Genoa, Faction::Genoa), regs(2));
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Bastia), Faction::Genoa), NavalUnits::squadrons(1));
    assert_eq!(game.leader_location(Leader::AndreaDoria), LeaderLocation::Space(Space::Bastia));
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Marseille), Faction::France), NavalUnits::squadrons(1));
    Ok(())
}

#[test]
fn minor_units_fall_back_to_an_unfortified_home_space() -> R {
    let mut game = empty();
    game.set_alliance(Power::France, MinorPower::Scotland, true)?;
    game.set_controller(Space::Edinburgh, Faction::England)?;
    game.set_controller(Space::Stirling, Faction::England)?;
    game.set_controller(Space::Glasgow, Faction::France)?;
    game.set_land_units(Space::Rouen, Faction::Scotland, regs(2))?;
    let d = deactivation(&game, MinorPower::Scotland).unwrap();
    assert_eq!(d.returned, set(&[Space::Glasgow]));
    assert_eq!(d.minor_land.len(), 1);
    assert_eq!(d.minor_land[0].to, set(&[Space::Glasgow]));
    Ok(())
}

#[test]
fn minor_units_with_no_home_are_eliminated() -> R {
    let mut game = empty();
    game.set_alliance(Power::France, MinorPower::Scotland, true)?;
    for s in [Space::Edinburgh, Space::Stirling, Space::Glasgow] {
        game.set_controller(s, Faction::England)?;
    }
    game.set_land_units(Space::Rouen, Faction::Scotland, regs(2))?;
    let rouen = NavalLocation::Port(Space::Rouen);
    game.set_naval_units(rouen, Faction::Scotland, NavalUnits::squadrons(1))?;
    let d = deactivation(&game, MinorPower::Scotland).unwrap();
    assert!(d.returned.is_empty());
    assert!(d.minor_land[0].to.is_empty());
    assert!(d.minor_naval[0].to.is_empty());
    apply_deactivation(&mut game, &d)?;
    assert!(game.land_units_total(Faction::Scotland).is_empty());
    assert_eq!(game.naval_units(rouen, Faction::Scotland), NavalUnits::NONE);
    assert_eq!(game.naval_on_turn_track(Faction::Scotland), NavalUnits::squadrons(1));
    // England's captured spaces stay England's.
    assert_eq!(game.controller(Space::Edinburgh), Faction::England);
    Ok(())
}

#[test]
fn orphaned_naval_leader_goes_to_the_turn_track() -> R {
    let mut game = empty();
    game.set_alliance(Power::Hapsburg, MinorPower::Genoa, true)?;
    game.set_controller(Space::Genoa, Faction::France)?;
    game.set_controller(Space::Bastia, Faction::France)?;
    game.set_leader(Leader::AndreaDoria, LeaderLocation::Space(Space::Naples))?;
    let d = deactivation(&game, MinorPower::Genoa).unwrap();
    assert_eq!(d.minor_naval.len(), 1);
    assert!(d.minor_naval[0].to.is_empty());
    apply_deactivation(&mut game, &d)?;
    assert_eq!(game.leader_location(Leader::AndreaDoria), LeaderLocation::TurnTrack);
    Ok(())
}

// --- Defeat of Hungary-Bohemia (§22.5) ------------------------------------------

#[test]
fn defeat_of_a_married_hungary_needs_two_keys() -> R {
    let mut game = empty();
    game.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true)?;
    for s in [Space::Belgrade, Space::Buda, Space::Prague] {
        game.set_controller(s, Faction::Hapsburg)?;
    }
    game.set_controller(Space::Belgrade, Faction::Ottoman)?;
    // One key: just short (even with no Hungarian regulars left).
    assert_eq!(hungary_bohemia_defeat_condition(&game), None);
    game.set_controller(Space::Buda, Faction::Ottoman)?;
    assert_eq!(hungary_bohemia_defeat_condition(&game), Some(HungaryDefeatCondition::MarriedAlly));
    let defeat = hungary_bohemia_defeat(&game).unwrap();
    assert!(!defeat.becomes_hapsburg_ally);
    Ok(())
}

#[test]
fn defeat_of_an_unallied_hungary_needs_one_key_and_four_regulars() -> R {
    let mut game = empty();
    game.set_land_units(Space::Buda, Faction::HungaryBohemia, regs(3))?;
    game.set_land_units(Space::Prague, Faction::HungaryBohemia, regs(1))?;
    // No key yet: just short.
    assert_eq!(hungary_bohemia_defeat_condition(&game), None);
    game.set_controller(Space::Belgrade, Faction::Ottoman)?;
    assert_eq!(hungary_bohemia_defeat_condition(&game), Some(HungaryDefeatCondition::NotAllied));
    // Five regulars: just short.
    game.set_land_units(Space::Prague, Faction::HungaryBohemia, regs(2))?;
    assert_eq!(hungary_bohemia_defeat_condition(&game), None);
    Ok(())
}

#[test]
fn hungary_is_defeated_only_once() -> R {
    let mut game = empty();
    game.set_controller(Space::Belgrade, Faction::Ottoman)?;
    assert!(hungary_bohemia_defeat(&game).is_some());
    game.set_hungary_bohemia_defeated(true)?;
    assert!(hungary_bohemia_defeat(&game).is_none());
    Ok(())
}

#[test]
fn defeat_of_hungary_effects() -> R {
    let mut game = empty();
    game.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true)?;
    game.set_alliance(Power::Ottoman, Power::Hapsburg, true)?;
    game.set_controller(Space::Belgrade, Faction::Ottoman)?;
    game.set_land_units(Space::Belgrade, Faction::Ottoman, regs(2))?;
    game.set_land_units(Space::Buda, Faction::Ottoman, regs(6))?;
    game.set_besieged_units(Space::Buda, Faction::HungaryBohemia, regs(2))?;
    game.set_land_units(Space::Szegedin, Faction::Ottoman, regs(1))?;
    game.set_land_units(Space::Prague, Faction::HungaryBohemia, regs(1))?;
    let defeat = hungary_bohemia_defeat(&game).unwrap();
    assert_eq!(defeat.condition, HungaryDefeatCondition::NotAllied);
    assert!(defeat.ends_hapsburg_ottoman_alliance);
    assert!(defeat.becomes_hapsburg_ally);
    assert_eq!(defeat.ottoman_spaces, set(&[Space::Buda, Space::Szegedin]));
    assert_eq!(defeat.hapsburg_keys, set(&[Space::Prague]));
    assert_eq!(
        defeat.hapsburg_other_spaces,
        set(&[Space::Agram, Space::Breslau, Space::Brunn, Space::Mohacs, Space::Pressburg])
    );
    assert_eq!(defeat.eliminated.to_vec(), vec![(Space::Buda, regs(2))]);
    assert_eq!(defeat.wars_ended.iter().collect::<Vec<_>>(), vec![Power::Ottoman]);
    assert_eq!(defeat.ottoman_vp, 2);

    apply_hungary_bohemia_defeat(&mut game, &defeat)?;
    assert!(!game.allied(Power::Ottoman, Power::Hapsburg));
    assert!(game.at_war(Power::Ottoman, Power::Hapsburg));
    assert!(!game.at_war(Power::Ottoman, MinorPower::HungaryBohemia));
    assert_eq!(game.minor_ally(MinorPower::HungaryBohemia), Some(Power::Hapsburg));
    assert_eq!(game.controller(Space::Buda), Faction::Ottoman);
    assert_eq!(game.controller(Space::Szegedin), Faction::Ottoman);
    assert_eq!(game.controller(Space::Prague), Faction::Hapsburg);
    assert_eq!(game.controller(Space::Agram), Faction::Hapsburg);
    assert!(game.land_units(Space::Buda, Faction::HungaryBohemia).is_empty());
    assert_eq!(game.land_units(Space::Prague, Faction::HungaryBohemia), regs(1));
    assert_eq!(game.bonus_vp(Power::Ottoman), 2);
    assert!(game.hungary_bohemia_defeated());
    // For good: never deactivated, never defeated again.
    assert!(!can_deactivate(&game, MinorPower::HungaryBohemia));
    assert!(hungary_bohemia_defeat(&game).is_none());
    Ok(())
}

// --- Inactive minors and independent keys (§22.1, §22.6) --------------------------

#[test]
fn independent_key_garrison_of_four_withdraws_five_fight() -> R {
    let mut game = empty();
    game.set_land_units(Space::Metz, Faction::Independent, regs(4))?;
    assert_eq!(inactive_defence(&game, Space::Metz, Faction::Independent), Some(InactiveDefence::Withdraw));
    game.set_land_units(Space::Metz, Faction::Independent, regs(5))?;
    assert_eq!(inactive_defence(&game, Space::Metz, Faction::Independent), Some(InactiveDefence::FieldBattle));
    let loss = inactive_battle_loss(&game, Space::Metz, Faction::Independent, 5);
    assert_eq!(loss, InactiveBattleLoss { withdraw: 4, eliminated: 1 });
    let loss = inactive_battle_loss(&game, Space::Metz, Faction::Independent, 3);
    assert_eq!(loss, InactiveBattleLoss { withdraw: 3, eliminated: 0 });
    Ok(())
}

#[test]
fn inactive_minor_defence() -> R {
    let mut game = empty();
    game.set_land_units(Space::Buda, Faction::HungaryBohemia, regs(5))?;
    game.set_land_units(Space::Prague, Faction::HungaryBohemia, regs(1))?;
    game.set_land_units(Space::Mohacs, Faction::HungaryBohemia, regs(2))?;
    assert_eq!(inactive_defence(&game, Space::Buda, Faction::HungaryBohemia), Some(InactiveDefence::FieldBattle));
    assert_eq!(inactive_defence(&game, Space::Prague, Faction::HungaryBohemia), Some(InactiveDefence::Withdraw));
    // No fortress to withdraw into: they fight, and losing, are all lost.
    assert_eq!(inactive_defence(&game, Space::Mohacs, Faction::HungaryBohemia), Some(InactiveDefence::FieldBattle));
    let loss = inactive_battle_loss(&game, Space::Mohacs, Faction::HungaryBohemia, 2);
    assert_eq!(loss, InactiveBattleLoss { withdraw: 0, eliminated: 2 });
    // No units, or not inactive: no such response.
    assert_eq!(inactive_defence(&game, Space::Belgrade, Faction::HungaryBohemia), None);
    game.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true)?;
    assert_eq!(inactive_defence(&game, Space::Buda, Faction::HungaryBohemia), None);
    assert!(!is_inactive(&game, Faction::HungaryBohemia));
    assert!(is_inactive(&game, Faction::Genoa));
    assert!(is_inactive(&game, Faction::Independent));
    assert!(!is_inactive(&game, Faction::Ottoman));
    Ok(())
}

#[test]
fn independent_keys() {
    assert_eq!(INDEPENDENT_KEYS, [Space::Metz, Space::Milan, Space::Florence, Space::Tunis]);
    let game = empty();
    let at_start = independent_keys_at_start(Scenario::Y1517);
    assert_eq!(at_start, set(&[Space::Florence, Space::Metz]));
    for key in INDEPENDENT_KEYS {
        assert!(is_independent_key(key));
        assert_eq!(game.controller(key) == Faction::Independent, at_start.contains(key), "{key}");
    }
    assert_eq!(independent_keys_at_start(Scenario::Y1532).len(), 4);
    assert!(!is_independent_key(Space::Rhodes));
}

#[test]
fn independent_units_are_never_rebuilt() -> R {
    let mut game = empty();
    for power in Power::ALL {
        assert!(!may_build_for(&game, power, Faction::Independent));
        assert!(may_build_for(&game, power, power.into()));
        assert!(!may_build_for(&game, power, Faction::Genoa));
    }
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    assert!(may_build_for(&game, Power::France, Faction::Genoa));
    assert!(!may_build_for(&game, Power::Hapsburg, Faction::Genoa));
    Ok(())
}

// --- Property: activation then deactivation ------------------------------------------

/// Home spaces of `minor`.
fn home_spaces(minor: MinorPower) -> Vec<Space> {
    Space::ALL.into_iter().filter(|s| s.home() == Faction::from(minor)).collect()
}

const DEACTIVATABLE: [MinorPower; 3] = [MinorPower::Genoa, MinorPower::Scotland, MinorPower::Venice];

proptest! {
    /// §22.4 step 2 removes every control marker of the former ally from the
    /// minor's home spaces, whoever put it there (activation or an earlier
    /// capture): afterwards none of them is the former ally's; those it held
    /// are the minor's again, those other powers held stay theirs. No foreign
    /// unit is left in a returned space, and the minor's land units stand only
    /// in home spaces it controls.
    #[test]
    fn activation_then_deactivation_leaves_no_marker_of_the_former_ally(
        minor_pick in 0usize..3,
        power_pick in 0usize..3,
        owners in proptest::collection::vec(0usize..4, 8),
        garrisons in proptest::collection::vec(0u8..4, 8),
        invaders in proptest::collection::vec((0usize..8, 0usize..6, 1u8..4), 0..4),
        abroad in proptest::collection::vec((0usize..134, 1u8..3), 0..3),
        at_war in proptest::collection::vec(any::<bool>(), 6),
        declare in any::<bool>(),
    ) {
        let minor = DEACTIVATABLE[minor_pick];
        let allowed: Vec<Power> = activators(minor).iter().collect();
        let power = allowed[power_pick % allowed.len()];
        let me = Faction::from(minor);
        let homes = home_spaces(minor);
        let mut game = empty();
        // Random owners: the minor itself, the future ally, or another power.
        for (i, &space) in homes.iter().enumerate() {
            let owner = match owners[i] {
                0 | 1 => me,
                2 => power.into(),
                _ => Power::ALL[(power.index() + 1 + i) % Power::COUNT].into(),
            };
            game.set_controller(space, owner).unwrap();
            if owner == me {
                let _ = game.set_land_units(space, me, regs(garrisons[i]));
            }
        }
        for (p, &war) in Power::ALL.iter().zip(&at_war) {
            if war && *p != power {
                let _ = game.set_war(*p, minor, true);
            }
        }
        for &(i, p, n) in &invaders {
            let space = homes[i % homes.len()];
            let _ = game.set_land_units(space, Power::ALL[p].into(), regs(n));
        }
        for &(i, n) in &abroad {
            let _ = game.set_land_units(Space::ALL[i], me, regs(n));
        }

        let before = game.clone();
        let a = activation(&game, power, minor).unwrap();
        let declared = if declare { Power::ALL.into_iter().collect() } else { EnumSet::EMPTY };
        apply_activation(&mut game, &a, declared).unwrap();
        prop_assert!(game.spaces_controlled(me).is_empty());
        prop_assert_eq!(game.minor_ally(minor), Some(power));

        let d = deactivation(&game, minor).unwrap();
        prop_assert_eq!(d.former_ally, power);
        apply_deactivation(&mut game, &d).unwrap();
        prop_assert_eq!(game.minor_ally(minor), None);
        for &space in &homes {
            prop_assert_ne!(game.controller(space), Faction::from(power));
            let was = before.controller(space);
            if was == me || was == Faction::from(power) {
                prop_assert_eq!(game.controller(space), me);
            } else {
                prop_assert_eq!(game.controller(space), was);
            }
            if d.returned.contains(space) {
                prop_assert!(game.land_units_at(space).all(|s| s.faction == me));
            }
        }
        for LandStack { space, faction, .. } in game.land_stacks() {
            if faction == me {
                prop_assert!(space.home() == me && game.controller(space) == me);
            }
        }
    }
}
