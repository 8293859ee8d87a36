//! The legend: what the shapes, marks, boxes, lines and shades mean. It
//! does not depend on the position, so it is one fixed text.

use super::panels::X0;
use super::{attr, label, zone_shade};
use crate::types::LanguageZone;

/// The legend's symbols, relative to its top left corner (x = `X0`).
const SYMBOLS: &str = "\
<rect x=\"3\" y=\"3\" width=\"14\" height=\"14\" fill=\"#cfcfcf\" stroke=\"#555\" class=\"sp\"/>\
<rect x=\"6\" y=\"6\" width=\"8\" height=\"8\" class=\"in\"/>\
<text x=\"24\" y=\"14\" class=\"sm\">key</text>\
<polygon points=\"78,10 74,17 66,17 62,10 66,3 74,3\" fill=\"#cfcfcf\" stroke=\"#555\" class=\"sp\"/>\
<text x=\"84\" y=\"14\" class=\"sm\">electorate</text>\
<polygon points=\"160,1 169,10 160,19 151,10\" fill=\"#cfcfcf\" stroke=\"#555\" class=\"sp\"/>\
<text x=\"174\" y=\"14\" class=\"sm\">fortress</text>\
<circle cx=\"232\" cy=\"10\" r=\"6\" fill=\"#cfcfcf\" stroke=\"#555\" class=\"sp\"/>\
<text x=\"242\" y=\"14\" class=\"sm\">town</text>\
<polygon class=\"cap\" points=\"280,3 281.2,6.4 284.8,6.5 281.9,8.6 283,12 280,10 277,12 278.1,8.6 275.2,6.5 278.8,6.4\"/>\
<text x=\"290\" y=\"14\" class=\"sm\">capital</text>\
<circle cx=\"340\" cy=\"10\" r=\"6\" fill=\"#cfcfcf\" stroke=\"#555\" class=\"sp\"/><circle cx=\"340\" cy=\"10\" r=\"3.2\" class=\"prot\"/>\
<text x=\"350\" y=\"14\" class=\"sm\">Protestant space</text>\
<rect x=\"436\" y=\"4\" width=\"10\" height=\"10\" fill=\"#000\"/><text x=\"441\" y=\"12\" class=\"mk\">U</text>\
<text x=\"450\" y=\"14\" class=\"sm\">unrest</text>\
<circle cx=\"505\" cy=\"10\" r=\"8\" class=\"siege\"/><text x=\"518\" y=\"14\" class=\"sm\">siege</text>\
<circle cx=\"563\" cy=\"10\" r=\"5\" fill=\"#7b3f9e\"/><text x=\"563\" y=\"13\" class=\"mk\">J</text>\
<text x=\"571\" y=\"14\" class=\"sm\">Jesuit</text>\
<text x=\"0\" y=\"36\" class=\"sm\">Fill: the controller; border: the home power. Stacks beside a space, one row a power:</text>\
<rect x=\"0\" y=\"44\" width=\"40\" height=\"10\" class=\"st\" fill=\"#2b5fb4\"/><text x=\"3\" y=\"52\" class=\"u\" fill=\"#fff\">4r 2m</text>\
<rect x=\"42\" y=\"44\" width=\"20\" height=\"10\" class=\"nv\" fill=\"#2b5fb4\"/><text x=\"45\" y=\"52\" class=\"u\" fill=\"#fff\">2s</text>\
<text x=\"64\" y=\"52\" class=\"ld\">Francis I</text>\
<text x=\"112\" y=\"52\" class=\"sm\">r regulars, m mercenaries, c cavalry; ships (blue dashes): s squadrons, c corsairs; leaders</text>\
<rect x=\"0\" y=\"60\" width=\"30\" height=\"10\" class=\"st bs\" fill=\"#e3c12b\"/><text x=\"3\" y=\"68\" class=\"u\">3r</text>\
<text x=\"36\" y=\"68\" class=\"sm\">besieged (red border)</text>\
<rect x=\"150\" y=\"60\" width=\"12\" height=\"9\" fill=\"#222\"/><text x=\"156\" y=\"67\" class=\"mk\">PH</text>\
<text x=\"166\" y=\"68\" class=\"sm\">pirate haven</text>\
<rect x=\"240\" y=\"59\" width=\"7\" height=\"11\" fill=\"#5b3a1e\" stroke=\"#000\" stroke-width=\"0.6\"/>\
<text x=\"251\" y=\"68\" class=\"sm\">card back</text>\
<path d=\"M 0 84 L 40 84\" stroke=\"#6d6250\" stroke-width=\"1.6\"/><text x=\"46\" y=\"88\" class=\"sm\">connection</text>\
<path d=\"M 110 84 L 150 84\" stroke=\"#8a3b12\" stroke-width=\"2.2\" stroke-dasharray=\"6 4\"/><text x=\"156\" y=\"88\" class=\"sm\">pass</text>\
<path d=\"M 190 84 L 230 84\" stroke=\"#2f6ea5\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\"/><text x=\"236\" y=\"88\" class=\"sm\">port</text>\
";

pub(super) fn draw(out: &mut String, y: i32) {
    label(out, X0, y + 13, "class=\"ph\"", "Legend");
    let y = y + 20;
    out.push_str("<g");
    out.push_str(" transform=\"translate(");
    super::num(out, X0);
    out.push(' ');
    super::num(out, y);
    out.push_str(")\">");
    out.push_str(SYMBOLS);
    // The language zones' shades (§2.3).
    let zones = [
        LanguageZone::English,
        LanguageZone::French,
        LanguageZone::German,
        LanguageZone::Italian,
        LanguageZone::Spanish,
    ];
    for (i, zone) in zones.into_iter().enumerate() {
        let x = i as i32 * 100;
        out.push_str("<rect");
        attr(out, "x", x);
        out.push_str(" y=\"96\" width=\"14\" height=\"12\" stroke=\"#a89a7c\" fill=\"");
        out.push_str(zone_shade(Some(zone)));
        out.push_str("\"/>");
        label(out, x + 18, 106, "class=\"sm\"", zone.name());
    }
    label(out, 500, 106, "class=\"sm\"", "zones shaded");
    out.push_str("</g>\n");
}
