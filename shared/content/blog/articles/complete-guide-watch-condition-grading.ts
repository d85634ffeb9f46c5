import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'complete-guide-watch-condition-grading',
  title: 'The Complete Guide to Pre-Owned Watch Condition Grading',
  excerpt:
    'How buyers grade a pre-owned luxury watch, from case, crystal and dial to bracelet stretch, timekeeping and service history, and how to choose the right condition on our form.',
  author: 'Sophie Tran',
  publishedAt: '2025-06-24',
  category: 'Education',
  html: `
<p>When you sell a pre-owned luxury watch, two watches of the same reference can attract very different offers. In most cases, the difference comes down to condition. A buyer is not only paying for the name on the dial, but for the state of the case, dial, bracelet and movement, and for how much work the watch will need before its next owner can enjoy it.</p>

<p>Condition grading can seem subjective, and terms such as "excellent" or "good" are used loosely across listings and marketplaces. In this guide we explain how experienced buyers actually assess a watch, what they look at, and which issues matter most to value. We also explain how the assessment maps to the five condition options on our valuation form, so you can choose the one that best describes your watch.</p>

<h2>Why Condition Matters So Much</h2>

<p>Luxury watches are mechanical objects made to last for generations, but they are also worn every day, knocked against doorframes, swum in, dropped and occasionally neglected. Each of these experiences leaves traces. A buyer has to estimate what it will cost, in money and time, to bring the watch to a standard the next owner will accept, and to judge whether any of the wear is permanent.</p>

<p>Some wear is cosmetic and easy to live with. Other issues, such as a damaged dial or a heavily over-polished case, cannot be fully reversed and permanently affect value. Understanding the difference helps you describe your watch accurately and sets realistic expectations before anyone inspects it.</p>

<h2>The Areas a Buyer Examines</h2>

<p>A thorough condition assessment works through the watch systematically. Here is what a specialist looks at, and why.</p>

<h3>1. The case</h3>

<p>The case is usually the first thing a buyer examines, because it shows how the watch has been worn. Under magnification and good light, a buyer looks for:</p>

<ul>
<li><strong>Surface scratches</strong>, often called desk-diving marks, particularly on the clasp side of the case and on the lugs. These are normal on a worn watch and are not a serious concern in themselves.</li>
<li><strong>Dings and dents</strong>, especially on lug tips and case edges. Deeper impacts may require significant refinishing to remove.</li>
<li><strong>Sharpness of the lines</strong>, including bevels, chamfers and the transition between brushed and polished surfaces. Crisp original lines are highly valued.</li>
<li><strong>The caseback</strong>, which may show scratches, tool marks from being opened, or personal engravings. Engravings can affect value, as many buyers prefer a clean caseback.</li>
<li><strong>The crown and pushers</strong>, which should operate smoothly, screw down correctly where applicable and be of the correct type for the reference.</li>
</ul>

<h3>2. Polishing</h3>

<p>Polishing deserves its own section because it is one of the most misunderstood aspects of condition. Polishing removes scratches by removing metal. Done lightly and skilfully, it can refresh a watch. Done heavily or repeatedly, it softens the edges, thins the lugs, blurs the finishes and changes the original shape of the case.</p>

<p>Experienced buyers can usually tell when a case has been polished. They look at lug thickness, the sharpness of chamfers, whether brushed surfaces have been correctly restored, and whether any markings on the case are softened. For vintage watches and for models whose design depends on sharp finishing, such as the Audemars Piguet Royal Oak or Patek Philippe Nautilus, an unpolished case with honest wear is often worth more than a polished one that looks shinier.</p>

<p>The practical advice is simple: <strong>do not polish a watch just before selling it.</strong> Let the buyer see the watch as it is.</p>

<h3>3. The crystal</h3>

<p>Most modern luxury watches use a sapphire crystal, which is very scratch-resistant but can chip at the edges if struck. Many vintage watches, and some modern ones such as certain versions of the Omega Speedmaster, use acrylic (Hesalite) crystals, which scratch more easily but can often be polished clear or replaced relatively cheaply.</p>

<p>Buyers look for chips, cracks and scratches, and check whether any anti-reflective coating is worn or damaged. A cracked or chipped crystal should be replaced promptly, as it can let moisture and dust into the case and damage the dial and movement.</p>

<h3>4. The dial</h3>

<p>The dial is the face of the watch, and for many buyers it is the single most important component for value. Damage here is often the hardest to fix without reducing value, because a replaced dial is not the original. Buyers look for:</p>

<ul>
<li><strong>Marks, spots and scratches</strong>, including small blemishes that may only be visible under magnification.</li>
<li><strong>Moisture damage</strong>, which can show as spotting, staining or corrosion. It often indicates that water has entered the case, which may also have affected the movement.</li>
<li><strong>Luminous material</strong>, which should be intact and consistent. On vintage watches, tritium lume ages to various shades; buyers check that the dial and hands have aged consistently.</li>
<li><strong>Originality.</strong> Buyers check whether the dial is original, a factory service replacement, or a refinished (repainted) dial. Refinished dials on vintage watches generally reduce value considerably.</li>
</ul>

<p>Some forms of ageing, such as certain even colour changes on vintage dials, are sought after by collectors. Others, such as patchy damage or moisture marks, are not. The difference is subtle, and it is one reason specialist inspection matters.</p>

<h3>5. The hands</h3>

<p>Hands are checked for corrosion, loss of lume, bending and correct alignment. On vintage watches, buyers also check whether the hands are original and whether their lume matches the dial. Replacement hands fitted during servicing are common and not a problem in themselves, but mismatched hands can affect value for collectors.</p>

<h3>6. The bezel</h3>

<p>On sports watches, the bezel is often the most exposed part of the watch. Buyers check rotating bezels for smooth, correct action and alignment, and inspect inserts for scratches, fading, cracks or chips. Aluminium inserts can fade or scratch, while ceramic inserts resist fading but can crack or chip from a hard knock. Faded vintage inserts are sometimes prized, but a damaged or replaced insert can reduce value.</p>

<h3>7. The bracelet or strap</h3>

<p>Bracelets carry a surprising amount of value, and a replacement bracelet from the manufacturer can be expensive. Buyers examine:</p>

<ul>
<li><strong>Bracelet stretch.</strong> Over years of wear, the pins and link holes wear, and the bracelet sags and becomes loose. Buyers hold the bracelet horizontally to see how much it droops, and look for gaps between links. Older bracelets with folded or hollow links are more prone to stretch than modern solid-link bracelets.</li>
<li><strong>Clasp condition</strong>, including whether it closes securely, whether any safety locks work, and how scratched the clasp cover is.</li>
<li><strong>Completeness.</strong> Missing links reduce value because they limit the wrist size the watch can fit. Keep any removed links with the watch.</li>
<li><strong>Originality.</strong> The bracelet and end links should be correct for the reference. Aftermarket bracelets or straps generally add little value.</li>
</ul>

<p>Leather straps are treated as consumables. A worn strap is rarely a major issue, but an original buckle or folding clasp from the manufacturer is worth keeping.</p>

<h3>8. Movement health and timekeeping</h3>

<p>A watch can look perfect and still need significant work. Buyers therefore assess the movement as well as the exterior. Common checks include:</p>

<ul>
<li><strong>Timekeeping on a timegrapher</strong>, which measures the daily rate, amplitude and beat error in several positions. Low amplitude can indicate that the movement needs servicing.</li>
<li><strong>Winding and power reserve</strong>, checking that the watch winds smoothly and runs for an appropriate period when fully wound.</li>
<li><strong>Functions</strong>, including date changes, chronograph start, stop and reset, GMT hands and any other complications.</li>
<li><strong>Water resistance</strong>, usually tested with pressure equipment. Failing seals are common in watches that have not been serviced for some years.</li>
<li><strong>Magnetism</strong>, which can cause a watch to run very fast and is often easily corrected.</li>
</ul>

<p>For context, a certified chronometer movement must meet strict accuracy standards when tested, and some manufacturers set even tighter tolerances for their cased watches. A pre-owned watch that has drifted well outside its expected range is not necessarily faulty, but it usually signals that a service is due. Buyers factor the cost of that service into their offer.</p>

<h3>9. Service history</h3>

<p>Service history tells a buyer how the watch has been looked after. A recent service by the manufacturer or a reputable watchmaker, with paperwork, reduces the buyer's risk and cost. A watch with no known service history, particularly an older one, is usually assumed to need a service.</p>

<p>Keep all service receipts and any original parts returned to you after a service, such as the original dial, hands or bezel insert. For collectors, those original parts can be valuable in their own right.</p>

<h3>10. Box and papers</h3>

<p>Box and papers are not strictly part of the watch's physical condition, but they sit alongside condition in every valuation. A full set usually includes the original box, warranty card or certificate, booklets and tags. Original papers support authenticity, help establish the production date and typically make a watch easier to sell. Our <a href="/watch-authentication">watch authentication</a> page explains how we verify watches, with or without paperwork.</p>

<h2>Mapping Condition to Our Valuation Form</h2>

<p>Our valuation form asks you to choose one of five condition options. No grading scale is perfect, and our team will always confirm the condition when we inspect the watch, but choosing the closest description helps us give a more accurate initial estimate. Here is how we interpret each option.</p>

<h3>Excellent - Like new</h3>

<p>The watch shows little or no sign of wear. This typically describes a watch that has been worn rarely and carefully, or one that is close to new.</p>

<ul>
<li>Case and bracelet with no visible scratches or only faint marks under close inspection; original lines intact.</li>
<li>Crystal, dial, hands and bezel free from marks or damage.</li>
<li>Bracelet tight with no noticeable stretch; clasp crisp.</li>
<li>Movement running well within expected tolerances; all functions working.</li>
<li>Often, but not necessarily, accompanied by box and papers and protective stickers or tags.</li>
</ul>

<h3>Very Good - Minor wear</h3>

<p>The watch has been worn and shows light, normal signs of use, but nothing significant. This is the most common category for a well-looked-after watch in regular use.</p>

<ul>
<li>Light surface scratches on the case, clasp or bracelet; no deep dings.</li>
<li>Crystal, dial and hands free from damage.</li>
<li>Bezel insert in good order, perhaps with very minor marks.</li>
<li>Minimal bracelet stretch.</li>
<li>Keeps good time and all functions work correctly.</li>
</ul>

<h3>Good - Moderate wear</h3>

<p>The watch has been worn regularly over a longer period. It is fully functional, but cosmetic wear is obvious, and the case may have been polished in the past.</p>

<ul>
<li>Noticeable scratches and some small dings on the case and bracelet.</li>
<li>Possible signs of previous polishing, such as slightly softened edges.</li>
<li>Minor marks on the bezel insert or crystal edge.</li>
<li>Some bracelet stretch.</li>
<li>Runs and keeps reasonable time, though a service may be due in the near future.</li>
</ul>

<h3>Fair - Significant wear</h3>

<p>The watch works, but shows heavy wear or damage that will require meaningful work to correct, or that may permanently affect value.</p>

<ul>
<li>Deep scratches, dents or heavy polishing that has changed the case shape.</li>
<li>Visible marks or blemishes on the dial or hands, or degraded lume.</li>
<li>Chipped crystal or damaged bezel insert.</li>
<li>Substantial bracelet stretch or missing links.</li>
<li>Timekeeping noticeably outside the expected range.</li>
</ul>

<h3>Needs Service/Repair</h3>

<p>Choose this option if the watch has a functional problem, regardless of how it looks. Examples include:</p>

<ul>
<li>The watch has stopped, will not wind, or stops shortly after being worn.</li>
<li>Timekeeping is erratic or far from accurate.</li>
<li>A function does not work, such as the date change, chronograph or bezel.</li>
<li>There is moisture or condensation under the crystal.</li>
<li>The crystal is cracked, the crown will not screw down, or parts are loose or missing.</li>
</ul>

<p>A watch needing service or repair can still have considerable value. Buyers like us regularly purchase watches that need work and factor the cost of servicing into the offer. It is far better to describe the issue honestly than to pay for an expensive repair before selling.</p>

<blockquote>If your watch sits between two grades, choose the lower one. An honest description means fewer surprises at inspection, and if the watch turns out to be better than described, that works in your favour.</blockquote>

<h2>Common Mistakes Sellers Make</h2>

<ol>
<li><strong>Polishing before selling.</strong> As explained above, this can reduce rather than increase value, especially for sports and vintage models.</li>
<li><strong>Servicing purely to sell.</strong> A full manufacturer service can be costly, and the increase in the offer may not cover it. Ask a buyer first.</li>
<li><strong>Throwing away old parts.</strong> Original dials, hands, bezel inserts and bracelets returned after servicing can add value for collectors.</li>
<li><strong>Fitting aftermarket parts.</strong> Aftermarket diamonds, dials, bezels or bracelets generally reduce value and can complicate authentication.</li>
<li><strong>Overstating condition.</strong> Photos can hide problems that are immediately visible in person. An accurate description leads to a more reliable offer.</li>
</ol>

<h2>How to Check Your Own Watch</h2>

<p>Before filling in the form, take a few minutes to look at your watch under good, natural light. A simple loupe or the zoom on a phone camera is helpful.</p>

<ul>
<li>Look around the case, lugs and caseback for scratches and dents.</li>
<li>Check the dial and hands carefully for spots, marks or moisture.</li>
<li>Hold the bracelet out horizontally and observe how much it sags.</li>
<li>Wind the watch and check that it runs, keeps time over a day or two, and that all functions work.</li>
<li>Gather every piece of paperwork, box, receipt, service record and spare link.</li>
</ul>

<p>Clear photos of the front, back, sides, clasp and papers will also help our team prepare an accurate estimate.</p>

<h2>Condition and Value</h2>

<p>Condition is only one part of a valuation, alongside the reference, year, completeness, service history and current market demand. Our guide on <a href="/blog/how-to-value-your-luxury-watch">how to value your luxury watch</a> explains how these factors come together to produce a realistic figure in AUD.</p>

<p>Whatever condition your watch is in, from like new to needing repair, our team can assess it and make a clear, no-obligation offer. When you are ready, visit our <a href="/sell">sell your watch</a> page to get started.</p>
`,
};
