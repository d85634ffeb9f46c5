import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'authenticate-vintage-omega-speedmaster',
  title: 'How to Authenticate a Vintage Omega Speedmaster',
  excerpt:
    'Calibres 321, 861 and 1861, case references, dials, bezels, service parts and the Omega archives: a practical guide to checking whether a vintage Speedmaster is what it claims to be.',
  author: 'Eleanor Hayes',
  publishedAt: '2025-04-07',
  category: 'Authentication',
  html: `
<p>Few watches have a story like the Omega Speedmaster. Launched in 1957 as a sports chronograph, it went on to be qualified by NASA for crewed spaceflight and was worn on the Moon in 1969. That history, combined with a design that has changed remarkably little, has made vintage Speedmasters some of the most collected watches in the world, and some of the most frequently misrepresented.</p>

<p>Authenticating a vintage Speedmaster is rarely a simple question of "real or fake". Outright counterfeits exist, but the more common problems are subtler: watches assembled from parts of different eras, original dials that have been repainted, and genuine Omega service parts that have replaced original components over decades of maintenance. Each of these affects value, sometimes dramatically. This guide explains what to look at, in what order, and where the traps lie.</p>

<blockquote><p>A vintage Speedmaster should tell one consistent story. The movement, case, caseback, dial, hands, bezel and bracelet should all belong to the same period. When one part contradicts the others, you need to find out why.</p></blockquote>

<h2>A short map of vintage Speedmaster references</h2>

<p>Before inspecting any detail, you need to know which reference the watch claims to be, because what is "correct" depends entirely on the reference and period. The key vintage references, in broad outline, are:</p>

<ul>
<li><strong>CK2915</strong> (from 1957): the original, with calibre 321, straight lugs, no crown guards, an engraved steel tachymetre bezel and distinctive broad arrow hands.</li>
<li><strong>CK2998</strong> (from 1959): calibre 321, with a black aluminium bezel insert and, on many examples, alpha-shaped hands.</li>
<li><strong>105.002 and 105.003</strong> (early to mid-1960s): calibre 321, straight lugs and no crown guards, with baton hands. The 105.003 is closely associated with NASA's early missions.</li>
<li><strong>105.012</strong> (mid-1960s): calibre 321 in a larger asymmetric case with crown guards. This is the reference on which the word "Professional" first appeared on the dial.</li>
<li><strong>145.012</strong> (later 1960s): the last of the original-era 321 references.</li>
<li><strong>145.022</strong> (from the end of the 1960s): the switch to calibre 861, and a long-running reference produced in several variants through the 1970s and beyond.</li>
</ul>

<p>Later 861 references from the 1980s and 1990s, and the 1861-powered Moonwatches from the mid-1990s onward, follow the same basic design. Details vary between sub-variants, so serious authentication relies on reference-specific knowledge rather than general rules. Use the points below as a framework, not a final verdict.</p>

<h2>Start with the movement: calibres 321, 861 and 1861</h2>

<p>The movement is the heart of a Speedmaster's identity, and it is also where some of the most valuable deceptions occur, because 321-equipped watches generally command a significant premium over later 861 models.</p>

<h3>Calibre 321</h3>

<p>The 321 is a manual-winding, column-wheel chronograph derived from a Lemania design, running at 18,000 vibrations per hour. Its column wheel, a small castellated wheel that controls the chronograph functions, is visible when the caseback is removed and is the quickest way to distinguish it from the 861. Original-era 321 movements typically have a copper-coloured finish and should be signed Omega, with the calibre number and an individual serial number engraved on the movement.</p>

<h3>Calibre 861</h3>

<p>Introduced at the end of the 1960s, the 861 replaced the column wheel with a cam-and-lever system that was simpler to produce and service, and raised the frequency to 21,600 vibrations per hour. It also has a copper-coloured finish. The 861 is a robust and respected movement, but it is not a 321, and a seller describing an 861-powered watch as a "321 Speedmaster" is either mistaken or misleading you.</p>

<h3>Calibre 1861</h3>

<p>From the mid-1990s, Omega introduced the 1861, essentially an evolution of the 861 with a rhodium-plated, silvery-grey finish. It powered the standard Moonwatch for a quarter of a century before being succeeded by the co-axial calibre 3861. An 1861 watch is a modern classic rather than a true vintage piece, but you will often see them described loosely as vintage. The colour of the movement alone makes an 1861 easy to tell apart from its copper-toned predecessors.</p>

<h3>What to check on any movement</h3>

<ul>
<li><strong>Calibre and reference should agree.</strong> A 105.012 case with an 861 inside, or a 145.022 with a 321, is a red flag unless there is a documented explanation.</li>
<li><strong>The serial number should fit the era.</strong> Omega movement serial numbers run in broadly known date ranges. A movement serial that is years away from the period of the case suggests the watch may have been assembled from different sources.</li>
<li><strong>Engravings should be crisp and correct.</strong> Crude, shallow or oddly spaced engravings warrant closer inspection.</li>
<li><strong>Be aware of donor movements.</strong> The 321 was also used in other Omega chronographs, and the underlying Lemania design appeared in watches from other brands. A genuine 321 from a different watch can be transplanted into a Speedmaster case, producing a watch that looks right but is not original.</li>
</ul>

<p>Opening a caseback requires the correct tools and care, particularly on watches that rely on their gasket for water resistance. If you are not experienced, have this done by a watchmaker or a specialist rather than risking scratches or damage.</p>

<h2>Case and caseback</h2>

<h3>Case shape and crown guards</h3>

<p>The earliest references have straight lugs and no crown guards. Crown guards and the larger asymmetric case arrived with the 105.012 in the mid-1960s, and lyre-shaped, twisted lugs appear on many cases from the late 1960s into the 1970s. If a watch's case profile does not match its claimed reference, something is wrong.</p>

<h3>Inside the caseback</h3>

<p>Vintage Speedmaster casebacks are stamped on the inside with the reference number, often followed by a two-digit suffix such as -65 or -69. That suffix generally indicates the year of the caseback design rather than the exact production year of your watch, so a watch with a -69 caseback may have been made a year or more later. The reference inside the caseback should be consistent with the case, the movement and the dial.</p>

<h3>Outside the caseback</h3>

<p>Earlier Speedmasters carry the Omega seahorse emblem on the caseback. After the 1969 Moon landing, Omega introduced casebacks engraved with text commemorating NASA flight qualification and the first watch worn on the Moon. A pre-1969 reference wearing one of these casebacks has almost certainly had it replaced, which is not uncommon but should be disclosed and reflected in the price.</p>

<h3>Polishing</h3>

<p>Look at the lugs and the bevelled edges along the sides of the case. Original, unpolished cases have sharp, defined edges and lines. Repeated polishing softens them, and heavy polishing can visibly thin the lugs. A polished case is not a fake, but condition of the case is a major factor in value, and collectors pay considerably more for unpolished examples. Our guide to <a href="/blog/complete-guide-watch-condition-grading">watch condition grading</a> explains how this is usually described.</p>

<h2>The dial</h2>

<p>The dial is the most important single component for a vintage Speedmaster's value, and it is the part most often altered.</p>

<h3>Period details</h3>

<ul>
<li><strong>"Professional" text:</strong> absent on CK2915, CK2998, 105.002, 105.003 and early 105.012 dials, which collectors call "pre-Professional"; present from the mid-1960s onward.</li>
<li><strong>The Omega logo:</strong> applied as a separate metal emblem on earlier dials, changing to a printed logo around the end of the 1960s.</li>
<li><strong>Luminous material:</strong> tritium-era dials are usually marked with a small T on either side of "SWISS MADE" or a similar tritium designation. Much later dials, including many service replacements, use Super-LumiNova and are typically marked "SWISS MADE" alone.</li>
</ul>

<h3>Spotting a redial</h3>

<p>A redial is an original dial that has been stripped and repainted, or a reproduction made to look original. Under magnification, warning signs include:</p>

<ul>
<li>Printing that is fuzzy, too thick, unevenly spaced, or in subtly incorrect fonts.</li>
<li>Text that is misaligned or not centred.</li>
<li>Lume plots that look too neat, too bright, or inconsistent with the hands.</li>
<li>Traces of paint on the edges of the dial or in the subdials.</li>
</ul>

<h3>The glow test</h3>

<p>Tritium decays over time, with a half-life of roughly twelve years, so tritium lume from the 1960s or 1970s should now glow only faintly, if at all. If a supposedly original vintage dial and hands glow brightly after brief exposure to light, the luminous material has very likely been replaced, either by a relume or by later service parts. This is one of the simplest checks you can do at home.</p>

<h3>Patina and "tropical" dials</h3>

<p>Some vintage dials have faded to brown over the years. These "tropical" dials can attract a premium, which has made artificial ageing a real concern. Genuine fading tends to be even and consistent with the age of the lume and hands; patchy or uneven colour, or a tropical dial paired with fresh-looking hands, deserves scrutiny.</p>

<h2>Hands</h2>

<p>Hands changed across references: broad arrow on the CK2915, alpha hands on many CK2998s, and baton hands thereafter. They should match the reference and the dial. The lume on the hands should also match the lume on the dial in colour and age. A vintage dial with crisp white, brightly glowing hands usually indicates service replacements.</p>

<h2>The bezel</h2>

<p>Bezels are among the most frequently replaced and most frequently faked Speedmaster parts. The aluminium inserts scratch and fade easily, so many were changed during services.</p>

<ul>
<li><strong>Base 1000:</strong> the tachymetre scale on the CK2915's engraved steel bezel and on early CK2998 black inserts runs to 1000. These bezels are rare and valuable, and reproductions exist.</li>
<li><strong>Base 500:</strong> later inserts use a scale running to 500, which became the standard.</li>
<li><strong>DON and DNN:</strong> on many 1960s and early 1970s inserts, the dot marking the 90 on the tachymetre scale sits above the number, known as "dot over ninety". On later inserts the dot sits beside it, known as "dot next to ninety". A DNN bezel on a 1960s reference is typically a later replacement; a DON bezel on a much later reference may be a deliberate upgrade intended to add value.</li>
</ul>

<p>Fake DON inserts often betray themselves through subtle differences in fonts, the shape of the numerals, the spacing of the text, and the depth and colour of the aluminium. Comparing against well-documented reference examples is essential.</p>

<h2>Crown, pushers, crystal and bracelet</h2>

<ul>
<li><strong>Crown and pushers:</strong> these wear out and are often replaced during service. Replacements do not mean a watch is fake, but original parts are preferred by collectors.</li>
<li><strong>Crystal:</strong> vintage Speedmasters use acrylic Hesalite crystals, which are consumable parts. Many later service crystals carry a small Omega logo in the centre. A replaced crystal has minor impact on value, but it is another clue to a watch's service history.</li>
<li><strong>Bracelet:</strong> period-correct Omega bracelets, such as the 1039 bracelet with 516 end links found on many late-1960s and early-1970s watches, have become collectable in their own right. Reference numbers are stamped on bracelets and end links; check that they suit the watch's era. Bracelets are easily swapped, so never assume one arrived with the watch.</li>
</ul>

<h2>Understanding service parts</h2>

<p>Over several decades, a working Speedmaster will have been serviced several times, and it was standard practice for service centres, including Omega's own, to replace worn or damaged parts with current replacements. Dials, hands, bezels, crowns, pushers and crystals were all routinely changed.</p>

<p>Service parts are genuine Omega parts, and a watch fitted with them is still a genuine Omega. However, collectors value originality very highly, so a vintage Speedmaster with a service dial and hands is usually worth considerably less than the same reference with its original components. The key is honest description: a watch should be sold as what it is. If a seller has original parts that were removed during a service, those parts can add value when included with the watch.</p>

<h2>The Omega Extract from the Archives</h2>

<p>Omega keeps production records for its watches, and offers an official Extract from the Archives, sometimes called an extract of the archives, for vintage pieces. You request it through Omega, typically supplying the movement serial number and photographs, and pay a fee. The document confirms information recorded at the time of manufacture, such as the reference and calibre associated with the movement, the production date, and the country to which the watch was delivered.</p>

<p>An Extract is valuable, but it is important to understand what it does and does not prove:</p>

<ul>
<li><strong>It confirms</strong> that a movement with that serial number was produced by Omega and how it was recorded.</li>
<li><strong>It does not confirm</strong> that the dial, hands, bezel, case or caseback currently on the watch are the original parts, or that the movement has always lived in that case.</li>
</ul>

<p>Omega has also offered a more comprehensive certification, in which the brand's heritage specialists examine the watch itself. It takes longer and costs more, but it speaks to the watch as a whole rather than to a serial number alone. For high-value pieces, such as early 321 references, it can be worth considering before a sale.</p>

<h2>Red flags at a glance</h2>

<ol>
<li>A movement calibre that does not match the reference.</li>
<li>A movement serial number far from the period of the case.</li>
<li>A caseback reference that does not match the case shape or dial.</li>
<li>Moon landing caseback engraving on a pre-1969 reference.</li>
<li>Bright, strong glow from a supposedly original tritium dial or hands.</li>
<li>Blurry, misaligned or incorrect dial printing.</li>
<li>A rare bezel, such as Base 1000 or DON, on a watch where it makes little sense.</li>
<li>Hands and dial whose lume does not match in colour or age.</li>
<li>A price that seems too good for a 321 reference.</li>
<li>A seller unwilling to allow the caseback to be opened or the watch inspected.</li>
</ol>

<h2>Getting a professional opinion</h2>

<p>Reading guides like this one will help you ask the right questions, but vintage Speedmaster authentication ultimately depends on experience, magnification, access to well-documented comparison examples, and the ability to safely open the watch. If you own a vintage Speedmaster, particularly an inherited one with unknown history, an expert assessment is the best way to understand what you have and what it is worth.</p>

<p>In Australia, businesses that buy second-hand watches from the public are regulated under state and territory laws and will need to see your photo identification. A reputable buyer will also explain their findings clearly, including which parts they believe are original, which are service replacements, and how that affects their offer.</p>

<p>Our team examines every watch we consider buying, and our <a href="/watch-authentication">watch authentication</a> service can help you understand your Speedmaster's originality before you make any decisions. If you are ready to sell, you can request a no-obligation offer through our <a href="/sell">selling page</a>, with payment by bank transfer once the watch has been verified.</p>
`,
};
