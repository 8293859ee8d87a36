//! Winter return home (§19.3; seed page 001), through the public API.

use here_i_stand::rules::winter::{
    Attrition, DestinationKind, Obligation, PathStep, ReturnOptions, WINTER_LIMIT, attrition_free_path, capitals,
    minor_home_keys, naval_return_options, return_options, winter_obligations,
};
use here_i_stand::{
    EditError, EnumSet, Faction, Game, LandUnits, Leader, LeaderLocation, MinorPower, NavalLocation, NavalUnits, Power,
    Scenario, SeaZone, Setup, Space,
};
use proptest::prelude::*;

use crate::common;

type Result = std::result::Result<(), EditError>;

fn game() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 0))
}

fn spaces(list: &[Space]) -> EnumSet<Space> {
    list.iter().copied().collect()
}

fn users(list: &[Faction]) -> EnumSet<Faction> {
    list.iter().copied().collect()
}

/// The seed's worked example (page 001, "Пример зимнего возвращения войск
/// домой"): the end of a turn of war in Italy between the Papacy, France and
/// the Hapsburgs, all at war with each other; Genoa allied to France, Venice
/// to the Hapsburgs. Control as the example needs it: the Hapsburgs hold
/// Turin and Geneva (their path over the Alps to Besançon) and Modena (so
/// every way out of Trent is enemy); France holds Pavia (its way from Milan
/// to Genoa); the Papacy holds Florence. Strasburg is Protestant after the
/// League, which cuts the Hapsburg road north, so that, as the example says,
/// no Hapsburg capital can be reached without attrition.
fn italy() -> std::result::Result<Game, EditError> {
    let mut g = game();
    common::winter_in_italy(&mut g)?;
    Ok(g)
}

#[test]
fn seed_example_charles_v_winters_in_besancon_without_loss() -> Result {
    let g = italy()?;
    let options = return_options(&g, Power::Hapsburg, Space::Turin);
    let force = options.stack.forces[0];
    assert_eq!(force.faction, Faction::Hapsburg);
    assert_eq!(force.obligation, Obligation::MustMove);
    assert_eq!(options.stack.leaders.as_slice(), &[Leader::CharlesV]);
    assert_eq!(options.spaces(), spaces(&[Space::Besancon, Space::Valladolid, Space::Vienna]));
    let besancon = options.destination(Space::Besancon).unwrap();
    assert_eq!(besancon.kind, DestinationKind::Nearest);
    assert_eq!(besancon.room, Some(4));
    assert_eq!(besancon.loss(4), 0);
    for capital in [Space::Valladolid, Space::Vienna] {
        let d = options.destination(capital).unwrap();
        assert_eq!(d.kind, DestinationKind::Capital);
        assert_eq!(d.room, None);
        assert_eq!(d.loss(4), 2, "{capital}");
    }
    assert_eq!(
        attrition_free_path(&g, Power::Hapsburg, Space::Turin, Space::Besancon).as_deref(),
        Some(&[PathStep::Land(Space::Geneva), PathStep::Land(Space::Besancon)][..])
    );
    assert_eq!(options.eliminated(), 0);
    Ok(())
}

#[test]
fn seed_example_montmorency_keeps_four_in_milan_and_sends_one_to_paris_by_sea() -> Result {
    let g = italy()?;
    let options = return_options(&g, Power::France, Space::Milan);
    assert_eq!(options.stack.forces[0].obligation, Obligation::MayStay);
    assert_eq!(options.stack.excess, 1);
    assert_eq!(options.stack.must_leave(), 1);
    assert_eq!(options.stack.step(), 1);
    assert_eq!(options.stack.leaders.as_slice(), &[Leader::Montmorency]);
    assert_eq!(options.spaces(), spaces(&[Space::Paris]));
    assert_eq!(options.destination(Space::Paris).unwrap().loss(1), 0);
    let path = attrition_free_path(&g, Power::France, Space::Milan, Space::Paris).unwrap();
    let via = |step| path.iter().position(|&s| s == step).unwrap();
    assert!(via(PathStep::Land(Space::Genoa)) < via(PathStep::Sea(SeaZone::GulfOfLyon)));
    assert!(via(PathStep::Sea(SeaZone::GulfOfLyon)) < via(PathStep::Land(Space::Marseille)));
    assert_eq!(path.last(), Some(&PathStep::Land(Space::Paris)));

    // The two Genoese in Genoa stay, though one or both may go to Paris.
    let genoa = return_options(&g, Power::France, Space::Genoa);
    assert_eq!(genoa.stack.forces[0].faction, Faction::Genoa);
    assert_eq!(genoa.stack.forces[0].obligation, Obligation::MayStay);
    assert_eq!(genoa.stack.excess, 0);
    let paris = genoa.destination(Space::Paris).unwrap();
    assert_eq!(paris.users, users(&[Faction::Genoa]));
    assert_eq!(paris.loss(2), 0);
    Ok(())
}

#[test]
fn without_the_genoese_alliance_the_way_to_paris_costs_attrition() -> Result {
    let mut g = italy()?;
    g.set_alliance(Power::France, MinorPower::Genoa, false)?;
    let options = return_options(&g, Power::France, Space::Milan);
    assert_eq!(options.destination(Space::Paris).unwrap().loss(1), 1);
    assert!(attrition_free_path(&g, Power::France, Space::Milan, Space::Paris).is_none());
    Ok(())
}

#[test]
fn seed_example_papal_stack_in_trent_loses_three_and_survivors_go_anywhere() -> Result {
    let g = italy()?;
    let options = return_options(&g, Power::Papacy, Space::Trent);
    assert_eq!(options.stack.forces[0].obligation, Obligation::MustMove);
    assert_eq!(options.spaces(), spaces(&[Space::Rome, Space::Ravenna, Space::Florence]));
    let rome = *options.destination(Space::Rome).unwrap();
    let ravenna = *options.destination(Space::Ravenna).unwrap();
    let florence = *options.destination(Space::Florence).unwrap();
    assert_eq!(ravenna.kind, DestinationKind::Nearest);
    assert_eq!(florence.kind, DestinationKind::Nearest);
    assert_eq!(ravenna.room, Some(3), "one papal regular already there");
    for d in [rome, ravenna, florence] {
        assert!(d.attrition, "{}", d.space);
        assert_eq!(d.loss(5), 3);
    }
    // Attrition is taken once on the stack (docs/rulings.md W4): however
    // the 5 are split into groups, in any order, they lose exactly 3, and
    // every group after the first that loses one may arrive whole.
    fn splits(left: u8) -> Vec<Vec<u8>> {
        if left == 0 {
            return vec![vec![]];
        }
        (1..=left)
            .flat_map(|n| {
                splits(left - n).into_iter().map(move |mut rest| {
                    rest.insert(0, n);
                    rest
                })
            })
            .collect()
    }
    for split in splits(5) {
        let mut tally = Attrition::NONE;
        for &n in &split {
            let loss = ravenna.loss_after(tally, n);
            tally = tally.after(n, loss);
        }
        assert_eq!(tally, Attrition { left: 5, lost: 3 }, "{split:?}");
    }
    let after_one = Attrition::NONE.after(1, 1);
    assert_eq!(florence.loss_after(after_one, 1), 0);
    // The lone papal regular in Ravenna may stay or go to Rome.
    let r = return_options(&g, Power::Papacy, Space::Ravenna);
    assert_eq!(r.stack.forces[0].obligation, Obligation::MayStay);
    assert_eq!(r.spaces(), spaces(&[Space::Rome]));
    Ok(())
}

#[test]
fn winter_obligations_lists_step_one_before_step_two() -> Result {
    let g = italy()?;
    let stacks = winter_obligations(&g, Power::Papacy);
    let order: Vec<_> = stacks.iter().map(|s| (s.space, s.step())).collect();
    assert_eq!(order, [(Space::Ravenna, 1), (Space::Trent, 2)]);
    let french = winter_obligations(&g, Power::France);
    let order: Vec<_> = french.iter().map(|s| (s.space, s.excess)).collect();
    assert_eq!(order, [(Space::Genoa, 0), (Space::Milan, 1)]);
    Ok(())
}

#[test]
fn units_in_their_capital_may_not_move_and_are_not_limited() -> Result {
    let mut g = game();
    g.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(9))?;
    let options = return_options(&g, Power::Hapsburg, Space::Vienna);
    assert_eq!(options.stack.forces[0].obligation, Obligation::MayNotMove);
    assert_eq!(options.stack.excess, 0);
    assert!(options.destinations.is_empty());
    Ok(())
}

#[test]
fn attrition_counts_unrest_on_the_path_and_at_the_end_but_not_enemy_units() -> Result {
    let mut g = game();
    g.set_war(Power::France, Power::Hapsburg, true)?;
    g.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(3))?;
    // Enemy units in Paris and on the way are ignored.
    g.set_land_units(Space::Paris, Faction::Hapsburg, LandUnits::regulars(2))?;
    let options = return_options(&g, Power::France, Space::Dijon);
    assert_eq!(options.destination(Space::Paris).unwrap().loss(3), 0);
    // Unrest at the destination costs attrition.
    g.set_unrest(Space::Paris, true)?;
    let options = return_options(&g, Power::France, Space::Dijon);
    assert_eq!(options.destination(Space::Paris).unwrap().loss(3), 2);
    // Unrest on the way: the path avoids it while it can.
    g.set_unrest(Space::Paris, false)?;
    g.set_land_units(Space::Dijon, Faction::France, LandUnits::NONE)?;
    g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(6))?;
    g.set_unrest(Space::Dijon, true)?;
    let path = attrition_free_path(&g, Power::France, Space::Lyon, Space::Paris).unwrap();
    assert!(!path.contains(&PathStep::Land(Space::Dijon)));
    // Every way into Paris in unrest: attrition.
    for space in Space::Paris.land_neighbours() {
        g.set_unrest(space, true)?;
    }
    let options = return_options(&g, Power::France, Space::Lyon);
    assert_eq!(options.stack.excess, 2);
    assert_eq!(options.destination(Space::Paris).unwrap().loss(2), 1);
    Ok(())
}

#[test]
fn protestant_fills_the_nearest_fortified_spaces_in_turn() -> Result {
    let mut g = game();
    g.set_schmalkaldic_league(true)?;
    g.set_war(Power::Protestant, Power::Hapsburg, true)?;
    for space in [Space::Leipzig, Space::Wittenberg, Space::Brandenburg, Space::Cologne] {
        g.set_controller(space, Faction::Protestant)?;
    }
    g.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(2))?;
    g.set_land_units(Space::Leipzig, Faction::Protestant, LandUnits::regulars(7))?;
    assert!(capitals(Power::Protestant).is_empty());

    // Nearest with room: Wittenberg, one step away, with room for 2.
    let first = return_options(&g, Power::Protestant, Space::Leipzig);
    assert_eq!(first.stack.forces[0].obligation, Obligation::MustMove);
    assert_eq!(first.spaces(), spaces(&[Space::Wittenberg]));
    let wittenberg = first.destination(Space::Wittenberg).unwrap();
    assert_eq!(wittenberg.room, Some(2));
    assert!(!wittenberg.attrition);

    // Once Wittenberg holds 4, the next nearest: Brandenburg, two steps.
    g.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(4))?;
    g.set_land_units(Space::Leipzig, Faction::Protestant, LandUnits::regulars(5))?;
    let second = return_options(&g, Power::Protestant, Space::Leipzig);
    assert_eq!(second.spaces(), spaces(&[Space::Brandenburg]));
    assert_eq!(second.destination(Space::Brandenburg).unwrap().room, Some(4));

    // Then Cologne, three steps through Hapsburg Nuremberg and Mainz: attrition.
    g.set_land_units(Space::Brandenburg, Faction::Protestant, LandUnits::regulars(4))?;
    g.set_land_units(Space::Leipzig, Faction::Protestant, LandUnits::regulars(1))?;
    let third = return_options(&g, Power::Protestant, Space::Leipzig);
    assert_eq!(third.spaces(), spaces(&[Space::Cologne]));
    assert_eq!(third.destination(Space::Cologne).unwrap().loss(1), 1);

    // With every Protestant fortified space full, the last unit is eliminated.
    g.set_land_units(Space::Cologne, Faction::Protestant, LandUnits::regulars(4))?;
    let none = return_options(&g, Power::Protestant, Space::Leipzig);
    assert!(none.destinations.is_empty());
    assert_eq!(none.eliminated(), 1);
    Ok(())
}

#[test]
fn protestant_units_over_the_limit_go_to_the_nearest_other_space_with_room() -> Result {
    let mut g = game();
    g.set_schmalkaldic_league(true)?;
    for space in [Space::Wittenberg, Space::Brandenburg] {
        g.set_controller(space, Faction::Protestant)?;
    }
    g.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(6))?;
    let options = return_options(&g, Power::Protestant, Space::Wittenberg);
    assert_eq!(options.stack.forces[0].obligation, Obligation::MayStay);
    assert_eq!(options.stack.excess, 2);
    assert_eq!(options.spaces(), spaces(&[Space::Brandenburg]));
    // Four Protestant units in Brandenburg: nowhere else, the excess is lost.
    g.set_land_units(Space::Brandenburg, Faction::Protestant, LandUnits::regulars(4))?;
    let options = return_options(&g, Power::Protestant, Space::Wittenberg);
    assert!(options.destinations.is_empty());
    assert_eq!(options.eliminated(), 2);
    // Four or fewer: they stay; the Protestant has no capital to go to.
    g.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(3))?;
    let options = return_options(&g, Power::Protestant, Space::Wittenberg);
    assert!(options.destinations.is_empty());
    assert_eq!(options.eliminated(), 0);
    Ok(())
}

#[test]
fn protestant_units_do_not_move_before_the_league() -> Result {
    let mut g = game();
    // Electorate regulars in Hapsburg-controlled Wittenberg, before the League.
    g.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(6))?;
    let options = return_options(&g, Power::Protestant, Space::Wittenberg);
    assert_eq!(options.stack.forces[0].obligation, Obligation::MayNotMove);
    assert_eq!(options.stack.excess, 0);
    assert!(options.destinations.is_empty());
    assert_eq!(options.eliminated(), 0);
    Ok(())
}

#[test]
fn enemy_held_capital_cannot_be_used_and_its_units_are_eliminated() -> Result {
    let mut g = game();
    g.set_war(Power::France, Power::Hapsburg, true)?;
    g.set_controller(Space::Paris, Faction::Hapsburg)?;
    // Over the limit in Lyon: the 2 extra would have to go to Paris.
    g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(6))?;
    let options = return_options(&g, Power::France, Space::Lyon);
    assert_eq!(options.stack.excess, 2);
    assert!(options.destinations.is_empty());
    assert_eq!(options.eliminated(), 2);
    // In a town whose nearest fortified space is full: Paris was the only
    // other choice, so the stack is eliminated.
    g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(4))?;
    g.set_land_units(Space::Grenoble, Faction::France, LandUnits::regulars(3))?;
    let options = return_options(&g, Power::France, Space::Grenoble);
    assert!(options.destinations.is_empty());
    assert_eq!(options.eliminated(), 3);
    // With room in Lyon, they may go there but not to Paris.
    g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(2))?;
    let options = return_options(&g, Power::France, Space::Grenoble);
    assert_eq!(options.spaces(), spaces(&[Space::Lyon]));
    assert_eq!(options.destination(Space::Lyon).unwrap().room, Some(2));
    assert_eq!(options.eliminated(), 0);
    Ok(())
}

#[test]
fn hapsburg_with_one_capital_lost_uses_the_other() -> Result {
    let mut g = game();
    g.set_war(Power::Ottoman, Power::Hapsburg, true)?;
    g.set_controller(Space::Vienna, Faction::Ottoman)?;
    g.set_land_units(Space::Innsbruck, Faction::Hapsburg, LandUnits::regulars(2))?;
    let options = return_options(&g, Power::Hapsburg, Space::Innsbruck);
    assert!(options.destination(Space::Vienna).is_none());
    assert_eq!(options.destination(Space::Valladolid).unwrap().kind, DestinationKind::Capital);
    Ok(())
}

#[test]
fn hapsburg_may_not_winter_into_or_through_electorates_before_the_league() -> Result {
    let mut g = game();
    // Worms, a town between the electorates Mainz and Augsburg, both held by
    // the Hapsburgs in 1517.
    g.set_land_units(Space::Worms, Faction::Hapsburg, LandUnits::regulars(3))?;
    let before = return_options(&g, Power::Hapsburg, Space::Worms);
    let nearest: EnumSet<Space> =
        before.destinations.iter().filter(|d| d.kind == DestinationKind::Nearest).map(|d| d.space).collect();
    assert_eq!(nearest, spaces(&[Space::Besancon]));
    // Vienna: the clean road by Nuremberg, Regensburg and Linz, no electorate.
    let path = attrition_free_path(&g, Power::Hapsburg, Space::Worms, Space::Vienna).unwrap();
    assert!(!path.contains(&PathStep::Land(Space::Augsburg)));
    assert!(!before.destination(Space::Vienna).unwrap().attrition);

    g.set_schmalkaldic_league(true)?;
    let after = return_options(&g, Power::Hapsburg, Space::Worms);
    let nearest: EnumSet<Space> =
        after.destinations.iter().filter(|d| d.kind == DestinationKind::Nearest).map(|d| d.space).collect();
    assert_eq!(nearest, spaces(&[Space::Augsburg, Space::Mainz]));
    Ok(())
}

#[test]
fn hapsburg_before_the_league_cannot_reach_past_electorates_cleanly() -> Result {
    let mut g = game();
    g.set_land_units(Space::Kassel, Faction::Hapsburg, LandUnits::regulars(1))?;
    for space in [Space::Nuremberg, Space::Erfurt, Space::Brunswick, Space::Munster] {
        g.set_unrest(space, true)?;
    }
    // The only clean exit from Kassel is Mainz, an electorate.
    let before = attrition_free_path(&g, Power::Hapsburg, Space::Kassel, Space::Vienna);
    assert!(before.is_none());
    g.set_schmalkaldic_league(true)?;
    let after = attrition_free_path(&g, Power::Hapsburg, Space::Kassel, Space::Vienna).unwrap();
    assert_eq!(after.first(), Some(&PathStep::Land(Space::Mainz)));
    Ok(())
}

#[test]
fn allied_minor_units_may_winter_in_their_home_key() -> Result {
    let mut g = game();
    g.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
    g.set_land_units(Space::Modena, Faction::Papacy, LandUnits::regulars(2))?;
    g.set_land_units(Space::Modena, Faction::Venice, LandUnits::regulars(3))?;
    let options = return_options(&g, Power::Papacy, Space::Modena);
    assert_eq!(options.stack.forces.len(), 2);
    assert!(options.stack.forces.iter().all(|f| f.obligation == Obligation::MustMove));
    let venice = options.destination(Space::Venice).unwrap();
    assert_eq!(venice.kind, DestinationKind::HomeKey(MinorPower::Venice));
    assert_eq!(venice.users, users(&[Faction::Venice]));
    assert_eq!(venice.room, None);
    assert!(!venice.attrition);
    let rome = options.destination(Space::Rome).unwrap();
    assert_eq!(rome.users, users(&[Faction::Papacy, Faction::Venice]));
    // Ravenna, one step: the nearest, for both.
    let ravenna = options.destination(Space::Ravenna).unwrap();
    assert_eq!(ravenna.kind, DestinationKind::Nearest);
    assert_eq!(ravenna.users, users(&[Faction::Papacy, Faction::Venice]));
    assert_eq!(minor_home_keys(MinorPower::Venice), &[Space::Venice]);

    // In their home key, Venetians do not count toward the limit of 4, and
    // may still go to the patron's capital.
    g.set_land_units(Space::Modena, Faction::Venice, LandUnits::NONE)?;
    g.set_land_units(Space::Venice, Faction::Venice, LandUnits::regulars(6))?;
    g.set_land_units(Space::Venice, Faction::Papacy, LandUnits::regulars(4))?;
    let options = return_options(&g, Power::Papacy, Space::Venice);
    assert_eq!(options.stack.excess, 0);
    let venetians = options.stack.forces.iter().find(|f| f.faction == Faction::Venice);
    assert!(!venetians.unwrap().counted);
    assert_eq!(options.spaces(), spaces(&[Space::Rome]));
    Ok(())
}

#[test]
fn scottish_units_winter_only_in_edinburgh_or_stirling() -> Result {
    let mut g = game();
    g.set_alliance(Power::France, MinorPower::Scotland, true)?;
    g.set_land_units(Space::Glasgow, Faction::Scotland, LandUnits::regulars(2))?;
    g.set_land_units(Space::Glasgow, Faction::France, LandUnits::regulars(2))?;
    let options = return_options(&g, Power::France, Space::Glasgow);
    for space in [Space::Edinburgh, Space::Stirling] {
        let scots = options
            .destinations
            .iter()
            .find(|d| d.space == space && d.kind == DestinationKind::HomeKey(MinorPower::Scotland));
        assert!(scots.is_some(), "{space}");
    }
    // The French may use Paris and the nearest French-held fortified spaces;
    // the Scots may not.
    let paris = options.destination(Space::Paris).unwrap();
    assert_eq!(paris.users, users(&[Faction::France]));
    let nearest = options.destinations.iter().filter(|d| d.kind == DestinationKind::Nearest);
    for d in nearest {
        assert_eq!(d.users, users(&[Faction::France]));
    }
    // Scots in Stirling stay.
    g.set_land_units(Space::Stirling, Faction::Scotland, LandUnits::regulars(1))?;
    let stirling = return_options(&g, Power::France, Space::Stirling);
    assert_eq!(stirling.stack.forces[0].obligation, Obligation::MayNotMove);
    // Both held by England: the Scots in Glasgow are eliminated.
    g.set_land_units(Space::Stirling, Faction::Scotland, LandUnits::NONE)?;
    g.set_war(Power::England, Power::France, true)?;
    g.set_controller(Space::Edinburgh, Faction::England)?;
    g.set_controller(Space::Stirling, Faction::England)?;
    let options = return_options(&g, Power::France, Space::Glasgow);
    assert_eq!(options.eliminated(), 2);
    Ok(())
}

#[test]
fn naval_units_go_to_the_nearest_port_ties_chosen_by_the_owner() -> Result {
    let mut g = game();
    let biscay = NavalLocation::Sea(SeaZone::BayOfBiscay);
    g.set_naval_units(biscay, Faction::France, NavalUnits::squadrons(3))?;
    let fleets = naval_return_options(&g, Power::France);
    assert_eq!(fleets.len(), 1);
    assert_eq!(fleets[0].location, biscay);
    assert_eq!(fleets[0].distance, Some(1));
    assert_eq!(fleets[0].ports, spaces(&[Space::Bordeaux, Space::Brest, Space::Nantes]));
    assert!(!fleets[0].stays());

    // Ships in their own port stay; a port in enemy hands is not one of theirs.
    g.set_war(Power::France, Power::England, true)?;
    g.set_controller(Space::Bordeaux, Faction::England)?;
    g.set_controller(Space::Nantes, Faction::England)?;
    g.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(1))?;
    let fleets = naval_return_options(&g, Power::France);
    assert_eq!(fleets[0].location, NavalLocation::Port(Space::Marseille));
    assert!(fleets[0].stays());
    assert_eq!(fleets[1].ports, spaces(&[Space::Brest]));
    Ok(())
}

#[test]
fn naval_leaders_and_allied_minor_fleets_return_with_the_power() -> Result {
    let mut g = game();
    g.set_alliance(Power::France, MinorPower::Genoa, true)?;
    let tyrrhenian = NavalLocation::Sea(SeaZone::TyrrhenianSea);
    g.set_naval_units(tyrrhenian, Faction::Genoa, NavalUnits::squadrons(1))?;
    g.set_leader(Leader::AndreaDoria, LeaderLocation::Sea(SeaZone::TyrrhenianSea))?;
    let fleets = naval_return_options(&g, Power::France);
    assert_eq!(fleets.len(), 1);
    assert_eq!(fleets[0].fleets.as_slice(), &[(Faction::Genoa, NavalUnits::squadrons(1))]);
    assert_eq!(fleets[0].leaders.as_slice(), &[Leader::AndreaDoria]);
    // Genoa and Bastia, Genoese ports on the Tyrrhenian, are France's now.
    assert_eq!(fleets[0].ports, spaces(&[Space::Bastia, Space::Genoa]));
    // Not allied: they are nobody's to move for France.
    g.set_alliance(Power::France, MinorPower::Genoa, false)?;
    assert!(naval_return_options(&g, Power::France).is_empty());
    Ok(())
}

#[test]
fn naval_units_pass_only_through_friendly_ports() -> Result {
    // A papal squadron in the Black Sea, whose only ports are Ottoman.
    let mut g = game();
    g.set_naval_units(NavalLocation::Sea(SeaZone::BlackSea), Faction::Papacy, NavalUnits::squadrons(1))?;
    let fleets = naval_return_options(&g, Power::Papacy);
    assert!(fleets[0].ports.is_empty());
    assert_eq!(fleets[0].distance, None);
    // Allied to the Ottoman, it may pass through Istanbul: Aegean, Ionian,
    // Adriatic, then Ancona or Ravenna.
    g.set_alliance(Power::Papacy, Power::Ottoman, true)?;
    let fleets = naval_return_options(&g, Power::Papacy);
    assert_eq!(fleets[0].ports, spaces(&[Space::Ancona, Space::Ravenna]));
    assert_eq!(fleets[0].distance, Some(5));
    Ok(())
}

// --- Property: winter never leaves more than 4 in a non-capital fortress. ----

/// A tiny deterministic generator for the applier's choices.
struct Choices(u64);

impl Choices {
    fn below(&mut self, n: u8) -> u8 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if n == 0 { 0 } else { ((self.0 >> 33) % u64::from(n)) as u8 }
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::from(self.below(items.len() as u8))]
    }
}

fn factions_of(game: &Game, power: Power) -> Vec<Faction> {
    let mut v = vec![Faction::from(power)];
    v.extend(MinorPower::ALL.into_iter().filter(|&m| game.minor_ally(m) == Some(power)).map(Faction::from));
    v
}

fn remove(units: LandUnits, n: u8) -> LandUnits {
    let mut left = units;
    let mut n = n;
    for field in [&mut left.regulars, &mut left.mercenaries, &mut left.cavalry] {
        let take = n.min(*field);
        *field -= take;
        n -= take;
    }
    left
}

/// Sets `faction`'s units at `space`, removing more if its counters cannot
/// show the result (§5.2: a power that cannot make change loses units).
fn set_or_trim(game: &mut Game, space: Space, faction: Faction, units: LandUnits) {
    let mut units = units;
    while game.set_land_units(space, faction, units).is_err() {
        units = remove(units, 1);
    }
}

/// Moves `n` of `faction`'s units from `from` to `to`, `loss` of them lost
/// to attrition.
fn send(game: &mut Game, faction: Faction, from: Space, to: Space, n: u8, loss: u8) {
    let here = game.land_units(from, faction);
    set_or_trim(game, from, faction, remove(here, n));
    let there = game.land_units(to, faction);
    let arrived = LandUnits { regulars: there.regulars + n - loss, ..there };
    set_or_trim(game, to, faction, arrived);
}

fn eliminate(game: &mut Game, faction: Faction, at: Space, n: u8) {
    let here = game.land_units(at, faction);
    set_or_trim(game, at, faction, remove(here, n));
}

/// How many may leave for `d` so that the survivors fit its room.
fn capacity(d: &here_i_stand::rules::winter::Destination, available: u8) -> u8 {
    match d.room {
        None => available,
        Some(r) if d.attrition => available.min(2 * r + 1),
        Some(r) => available.min(r),
    }
}

/// Sends one group from the stack at `space`: a force that `wanted` accepts
/// to a destination it may use. False if none can go anywhere.
fn send_one(
    game: &mut Game,
    options: &ReturnOptions,
    limit: u8,
    wanted: impl Fn(&here_i_stand::rules::winter::Force) -> bool,
    choices: &mut Choices,
) -> bool {
    let moves: Vec<_> = options
        .stack
        .forces
        .iter()
        .filter(|f| wanted(f) && f.units.total() > 0)
        .flat_map(|f| options.destinations.iter().filter(move |d| d.users.contains(f.faction)).map(move |d| (*f, *d)))
        .collect();
    if moves.is_empty() {
        return false;
    }
    let (force, dest) = choices.pick(&moves);
    let most = capacity(&dest, force.units.total().min(limit));
    let n = 1 + choices.below(most);
    send(game, force.faction, options.stack.space, dest.space, n, dest.loss(n));
    true
}

/// A test-only engine: every stack takes offered options, at random.
fn apply_winter(game: &mut Game, power: Power, choices: &mut Choices) {
    // Step 1: the over-limit check, then optional moves to a capital.
    let step1: Vec<Space> = winter_obligations(game, power).iter().filter(|s| s.step() == 1).map(|s| s.space).collect();
    for space in step1 {
        send_excess(game, power, space, choices);
        if choices.below(2) == 0 {
            let options = return_options(game, power, space);
            send_one(game, &options, u8::MAX, |f| f.obligation == Obligation::MayStay, choices);
        }
    }
    // Step 2: every unit that must move, asking again after each group.
    let step2: Vec<Space> = winter_obligations(game, power).iter().filter(|s| s.step() == 2).map(|s| s.space).collect();
    for space in step2 {
        loop {
            let options = return_options(game, power, space);
            let Some(force) = options.stack.forces.iter().find(|f| f.obligation == Obligation::MustMove).copied()
            else {
                break;
            };
            let faction = force.faction;
            if !send_one(game, &options, u8::MAX, |f| f.faction == faction, choices) {
                eliminate(game, faction, space, force.units.total());
            }
        }
        // A stack of step 2 may also be over the limit (units that must
        // move beside counted ones, e.g. Scots with their patron's): the
        // excess leaves as in step 1.
        send_excess(game, power, space, choices);
    }
}

/// Sends the excess over the limit in `space` away (or eliminates it).
fn send_excess(game: &mut Game, power: Power, space: Space, choices: &mut Choices) {
    loop {
        let options = return_options(game, power, space);
        let excess = options.stack.excess;
        if excess == 0 {
            break;
        }
        if !send_one(game, &options, excess, |f| f.counted, choices) {
            let force = options.stack.forces.iter().find(|f| f.counted).unwrap();
            eliminate(game, force.faction, space, excess.min(force.units.total()));
        }
    }
}

fn position(
    power: Power,
    minor: Option<MinorPower>,
    league: bool,
    control: &[(u8, u8)],
    stacks: &[(u8, u8, bool)],
) -> Game {
    let mut g = game();
    g.set_schmalkaldic_league(league).unwrap();
    if let Some(m) = minor {
        g.set_alliance(power, m, true).unwrap();
    }
    let owners = [Faction::from(power), Faction::Independent, Faction::Ottoman, Faction::France];
    for &(space, owner) in control {
        let space = Space::ALL[usize::from(space) % Space::COUNT];
        g.set_controller(space, owners[usize::from(owner) % owners.len()]).unwrap();
    }
    for &(space, n, minor_units) in stacks {
        let space = Space::ALL[usize::from(space) % Space::COUNT];
        let faction = match minor {
            Some(m) if minor_units => Faction::from(m),
            _ => Faction::from(power),
        };
        if g.in_play(space) {
            // Over the counter mix: leave that stack out.
            let _ = g.set_land_units(space, faction, LandUnits::regulars(n));
        }
    }
    g
}

fn counted_after_winter(game: &Game, power: Power, space: Space) -> u8 {
    factions_of(game, power)
        .into_iter()
        .filter(|&f| !f.minor().is_some_and(|m| minor_home_keys(m).contains(&space)))
        .map(|f| game.land_units(space, f).total())
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn winter_leaves_no_non_capital_fortified_space_over_the_limit(
        power in 0..Power::COUNT,
        minor in prop::option::of(0..MinorPower::COUNT),
        league in any::<bool>(),
        control in prop::collection::vec((any::<u8>(), 0u8..4), 0..40),
        stacks in prop::collection::vec((any::<u8>(), 1u8..=7, any::<bool>()), 1..7),
        seed in any::<u64>(),
    ) {
        let power = Power::ALL[power];
        let minor = minor.map(|m| MinorPower::ALL[m]);
        let league = league || power == Power::Protestant;
        let mut g = position(power, minor, league, &control, &stacks);
        let mut choices = Choices(seed);
        apply_winter(&mut g, power, &mut choices);
        for space in Space::ALL {
            if space.is_fortified() && !capitals(power).contains(&space) {
                prop_assert!(
                    counted_after_winter(&g, power, space) <= WINTER_LIMIT,
                    "{} holds {}", space, counted_after_winter(&g, power, space)
                );
            }
        }
        // And nothing is left that had to move.
        for stack in winter_obligations(&g, power) {
            prop_assert_eq!(stack.excess, 0, "{}", stack.space);
            prop_assert!(stack.forces.iter().all(|f| f.obligation != Obligation::MustMove));
        }
    }
}
