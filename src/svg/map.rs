//! The map layer: the sea zones' areas (their names are drawn above the
//! land, with their fleets, in `pieces`), the land around the
//! spaces shaded by language zone (§2.3), the connections, the passes
//! (dashed) and the port links. Only the sea zones' titles depend on the
//! position.

use super::{View, attr, num, text, zone_shade};
use crate::data::coords::{MAP_HEIGHT, MAP_WIDTH};
use crate::game::{LeaderLocation, NavalLocation};
use crate::types::{LanguageZone, Leader, SeaZone, Space};

/// The radius of the land drawn around each space.
const LAND_RADIUS: i32 = 28;
/// Half the width of the band of land along each land connection.
const BAND: i32 = 22;

/// The two blues the sea zones alternate, so that neighbours part.
const SEA_BLUES: [&str; 2] = ["#b7d2e8", "#a6c5e0"];

pub(super) fn draw(out: &mut String, view: &View<'_>) {
    out.push_str("<rect x=\"0\" y=\"0\"");
    attr(out, "width", i32::from(MAP_WIDTH));
    attr(out, "height", i32::from(MAP_HEIGHT));
    out.push_str(" fill=\"#e8e2d2\"/>\n");
    seas(out, view);
    land(out);
    if view.options.connections {
        connections(out);
    }
}

/// Each sea zone: its area (discs), its name, and a title with its ships.
fn seas(out: &mut String, view: &View<'_>) {
    out.push_str("<g id=\"seas\">\n");
    for zone in SeaZone::ALL {
        out.push_str("<g id=\"sea-");
        out.push_str(zone.id());
        out.push_str("\" class=\"sea\" fill=\"");
        out.push_str(SEA_BLUES[zone.index() % 2]);
        out.push_str("\"><title>");
        sea_title(out, view, zone);
        out.push_str("</title>\n");
        for area in zone.map_areas() {
            out.push_str("<circle");
            attr(out, "cx", i32::from(area.x));
            attr(out, "cy", i32::from(area.y));
            attr(out, "r", i32::from(area.r));
            out.push_str("/>\n");
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// "Gulf of Lyon: France 2 squadrons; Andrea Doria; piracy marker".
fn sea_title(out: &mut String, view: &View<'_>, zone: SeaZone) {
    use core::fmt::Write;
    let game = view.game;
    text(out, zone.name());
    out.push(':');
    let mut any = false;
    for (at, faction, units) in game.naval_stacks() {
        if at == NavalLocation::Sea(zone) {
            out.push(' ');
            text(out, faction.name());
            out.push(' ');
            let _ = write!(super::Escaped(out), "{units};");
            any = true;
        }
    }
    for leader in Leader::ALL.into_iter().filter(|&l| game.leader_location(l) == LeaderLocation::Sea(zone)) {
        out.push(' ');
        text(out, leader.name());
        out.push(';');
        any = true;
    }
    if game.piracy_markers().contains(zone) {
        out.push_str(" piracy marker;");
        any = true;
    }
    if !any {
        out.push_str(" no ships;");
    }
    out.push_str(" ports ");
    for (i, port) in zone.ports().iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        text(out, port.name());
    }
}

/// The land (the map's ground is land, the seas drawn on it): a disc around
/// each space and a broad band along each land connection, shaded by
/// language zone where both ends share it.
fn land(out: &mut String) {
    out.push_str("<g id=\"land\">\n");
    let zones = [
        None,
        Some(LanguageZone::English),
        Some(LanguageZone::French),
        Some(LanguageZone::German),
        Some(LanguageZone::Italian),
        Some(LanguageZone::Spanish),
    ];
    for zone in zones {
        out.push_str("<g class=\"zone-");
        out.push_str(zone.map_or("none", |z| z.id()));
        out.push_str("\" fill=\"");
        out.push_str(zone_shade(zone));
        out.push_str("\">\n");
        for space in Space::ALL.into_iter().filter(|s| s.language() == zone) {
            disc(out, space, LAND_RADIUS);
        }
        // The neutral land joins every pair; each zone then its own.
        bands(out, zone_shade(zone), 2 * BAND, |a, b| zone.is_none() || (a.language() == zone && b.language() == zone));
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// One path of broad round-capped strokes along the land connections
/// (clear and passes) for which `keep` holds.
fn bands(out: &mut String, stroke: &str, width: i32, keep: impl Fn(Space, Space) -> bool) {
    out.push_str("<path fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke=\"");
    out.push_str(stroke);
    out.push('"');
    attr(out, "stroke-width", width);
    out.push_str(" d=\"");
    for space in Space::ALL {
        for other in space.land_neighbours().filter(|o| o.index() > space.index() && keep(space, *o)) {
            segment(out, space.map_position(), other.map_position());
        }
    }
    out.push_str("\"/>\n");
}

fn disc(out: &mut String, space: Space, r: i32) {
    let (x, y) = space.map_position();
    out.push_str("<circle");
    attr(out, "cx", i32::from(x));
    attr(out, "cy", i32::from(y));
    attr(out, "r", r);
    out.push_str("/>\n");
}

/// The clear connections (solid), the passes (dashed), the port links
/// (dotted, to the nearest disc of each sea zone the port is on).
fn connections(out: &mut String) {
    out.push_str(
        "<g id=\"connections\" fill=\"none\">\n<path class=\"clear\" stroke=\"#6d6250\" stroke-width=\"1.6\" d=\"",
    );
    for space in Space::ALL {
        for &other in space.connections().iter().filter(|o| o.index() > space.index()) {
            segment(out, space.map_position(), other.map_position());
        }
    }
    out.push_str("\"/>\n<path class=\"pass\" stroke=\"#8a3b12\" stroke-width=\"2.2\" stroke-dasharray=\"6 4\" d=\"");
    for space in Space::ALL {
        for &other in space.passes().iter().filter(|o| o.index() > space.index()) {
            segment(out, space.map_position(), other.map_position());
        }
    }
    out.push_str("\"/>\n<path class=\"port\" stroke=\"#2f6ea5\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\" d=\"");
    for space in Space::ALL {
        for &zone in space.ports() {
            let (x, y) = space.map_position();
            let nearest = zone.map_areas().iter().min_by_key(|a| {
                let (dx, dy) = (i32::from(a.x) - i32::from(x), i32::from(a.y) - i32::from(y));
                dx * dx + dy * dy
            });
            if let Some(area) = nearest {
                segment(out, (x, y), (area.x, area.y));
            }
        }
    }
    out.push_str("\"/>\n</g>\n");
}

fn segment(out: &mut String, (x1, y1): (u16, u16), (x2, y2): (u16, u16)) {
    out.push('M');
    num(out, i32::from(x1));
    out.push(' ');
    num(out, i32::from(y1));
    out.push('L');
    num(out, i32::from(x2));
    out.push(' ');
    num(out, i32::from(y2));
}
