import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'patek-philippe-vs-audemars-piguet-investment',
  title: 'Patek Philippe vs Audemars Piguet: Which Holds Its Value Better Over the Long Term?',
  excerpt:
    'Nautilus or Royal Oak? We compare Patek Philippe and Audemars Piguet as long-term holdings: history, key references, liquidity, condition, papers, servicing and risk.',
  author: 'Olivia Brennan',
  publishedAt: '2025-03-18',
  category: 'Investment',
  html: `
<p>Few rivalries in watchmaking are as well known as Patek Philippe versus Audemars Piguet. Both are independent Swiss manufactures with deep histories, both produced one of the defining steel sports watches of the 1970s, and both now sit at the very top of the pre-owned market. If you own one of these watches, or are weighing up which to keep and which to sell, it is natural to ask which one is the better long-term holding.</p>

<p>There is no simple answer, and anyone who promises you guaranteed returns on a wristwatch should be treated with caution. What we can do is explain how the two brands differ in the ways that actually matter when a watch changes hands: the strength of the brand, the references buyers want, how quickly a watch can be sold, how condition and paperwork affect the price, what ownership costs along the way, and where the risks lie. This article is general information, not financial advice, and the secondary market can and does move in both directions.</p>

<h2>Two Houses, Two Histories</h2>

<h3>Patek Philippe</h3>

<p>Patek Philippe traces its origins to 1839 in Geneva, when Antoine Norbert de Patek and François Czapek began making watches together. The French watchmaker Adrien Philippe, known for his work on keyless winding, later joined Patek, and the company took the Patek Philippe name in the 1850s. Since 1932 it has been owned by the Stern family, and it remains family-controlled today.</p>

<p>Patek built its reputation on complications: perpetual calendars, minute repeaters, chronographs and the grand complications that regularly appear at major auctions. Its famous advertising line about never truly owning a Patek Philippe, but merely looking after it for the next generation, has shaped how buyers think about the brand. That heirloom idea underpins the confidence many collectors have in the brand over decades rather than years.</p>

<h3>Audemars Piguet</h3>

<p>Audemars Piguet was founded in 1875 by Jules Louis Audemars and Edward Auguste Piguet in Le Brassus, in the Vallée de Joux. Like Patek, it is still controlled by its founding families, which is rare among the major Swiss houses. AP has an equally serious history in complicated watchmaking, but its modern identity is dominated by a single design: the Royal Oak.</p>

<p>Launched in 1972, the Royal Oak was designed by Gérald Genta and was a bold gamble at the time: a steel sports watch priced like a gold dress watch. Its octagonal bezel with exposed screws, integrated bracelet and "Tapisserie" dial became one of the most recognisable designs in horology. Four years later, Genta designed the Nautilus for Patek Philippe, and the two watches have been compared ever since.</p>

<h2>The Key References</h2>

<p>When people talk about these brands as long-term holdings, they are usually talking about a handful of steel sports models. Precious-metal dress watches and complications have their own markets, which we touch on later, but the steel sports watches are where most of the attention and most of the trading activity sit.</p>

<h3>Patek Philippe Nautilus 5711</h3>

<p>The Nautilus ref. 5711/1A was introduced in 2006 and became, for a period, one of the most sought-after watches in the world. Its blue dial, 40mm case and thin automatic movement made it the benchmark for luxury steel sports watches. In early 2021 Patek announced the steel 5711 would be discontinued, and released final versions, including an olive green dial and a small run with a Tiffany-blue dial. Discontinuation added to demand, and the reference became a reference point for the entire market.</p>

<p>The 5711 was also one of the watches most affected when the secondary market cooled after its 2022 peak: a reminder that even the strongest references are not immune to market cycles.</p>

<h3>Patek Philippe Aquanaut</h3>

<p>The Aquanaut was introduced in 1997 as a younger, more casual companion to the Nautilus, with a rounded octagonal case and a "tropical" composite strap. The steel ref. 5167A is the best-known modern version, and there are also travel-time, chronograph and ladies' models. The Aquanaut has historically traded at a lower level than the Nautilus, but it shares the same appeal: a recognisable design, relatively limited supply and strong brand recognition. For some buyers it is the more wearable, everyday option, which keeps demand broad.</p>

<h3>Audemars Piguet Royal Oak 15202</h3>

<p>The Royal Oak "Jumbo" ref. 15202ST is the modern descendant of the original 1972 ref. 5402. At 39mm with an ultra-thin automatic movement (calibre 2121) and a blue "Petite Tapisserie" dial, it was the purist's Royal Oak. It was produced from the early 2000s until 2022, when AP replaced it with the ref. 16202 and a new calibre 7121 for the model's 50th anniversary. Because of its direct lineage to the original and its now-discontinued status, the 15202 holds a special place among collectors.</p>

<h3>Audemars Piguet Royal Oak 15500</h3>

<p>The ref. 15500ST is the 41mm Royal Oak with date and central seconds, introduced in 2019 with the in-house calibre 4302, replacing the earlier 15400. In 2022 it was succeeded by the 15510. The 15500 is a more contemporary size and was produced in larger numbers than the Jumbo, which generally makes it easier to find on the pre-owned market. That is not a weakness: a reference with a deeper pool of buyers and sellers tends to price more transparently, which can make it easier to sell quickly at a fair level.</p>

<h2>Brand Strength and Supply</h2>

<p>Both brands keep production deliberately limited compared with larger Swiss makers, and both have long waiting lists at authorised retail for their most popular steel models. The difference is in how each brand's appeal is spread across its catalogue.</p>

<p>Patek Philippe's desirability extends across its whole range. The Nautilus and Aquanaut are the headline models, but the Calatrava, Annual Calendar, Perpetual Calendar and complicated chronographs all have established collector followings. That breadth means that the brand's reputation does not rest on one line.</p>

<p>Audemars Piguet's secondary-market strength is much more concentrated in the Royal Oak family, including the Royal Oak Offshore and Royal Oak Chronograph. Other AP collections, including newer lines, have had a less established track record on the pre-owned market. AP has also moved much of its distribution into its own boutiques in recent years, which gives the brand tighter control over who buys new watches.</p>

<p>In practical terms, a Patek owner with a less famous model can often still expect solid interest, while an AP owner with a non-Royal Oak model may find the pool of buyers narrower. A sought-after steel Royal Oak, however, can be every bit as easy to sell as a comparable Patek.</p>

<h2>Liquidity: How Quickly Can You Sell?</h2>

<p>Liquidity is often overlooked when people talk about watches as investments, but it matters a great deal. A watch is only worth what a buyer will pay for it on the day you need to sell, and some watches take far longer to find the right buyer than others.</p>

<ul>
<li><strong>Steel sports models</strong> from both brands (Nautilus, Aquanaut, Royal Oak) are the most liquid. Dealers and collectors in Australia and overseas actively seek them, and pricing is relatively well established.</li>
<li><strong>Precious-metal versions</strong> of the same models usually have a smaller pool of buyers. Their value is also influenced by the price of gold and platinum, which adds another variable.</li>
<li><strong>Complications and dress watches</strong> can be very valuable, but they tend to appeal to specialist collectors. Finding the right buyer may take longer, and pricing depends heavily on the specific reference and condition.</li>
<li><strong>Gem-set and heavily customised watches</strong> are the hardest to sell. Aftermarket diamonds in particular can reduce value significantly, because most serious buyers want factory-original watches.</li>
</ul>

<p>For Australian owners, there is an extra consideration: the local market is smaller than those in Europe, the United States or Asia, and many buyers compare local prices with international ones, converting from US dollars, Swiss francs or Hong Kong dollars into AUD. Exchange-rate movements can therefore affect what a watch is worth here, even if nothing has changed about the watch itself.</p>

<h2>Condition: The Quiet Driver of Value</h2>

<p>With both brands, condition has a large effect on price, and the sports models have design features that make condition especially visible.</p>

<p>The Royal Oak's case and bracelet combine brushed surfaces with sharp polished bevels. These crisp edges are part of the design, and they are easily softened by careless polishing. A Royal Oak that has been over-polished, with rounded bevels and blurred transitions between brushed and polished finishes, is generally worth noticeably less than one with original, sharp edges. The same applies to the Nautilus, whose case "ears" and bezel also mix finishes.</p>

<p>Bracelets matter too. Integrated bracelets are a major part of these watches' appeal and are expensive to replace. Stretch, scratches on the clasp and missing links all affect value. If you have spare links, keep them with the watch.</p>

<p>Dials should be original and free from damage or moisture marks. Replacement "service" dials, fitted during a factory service, are not fakes, but many collectors prefer the original dial, so keep any parts returned to you after servicing. For a fuller explanation of how condition is assessed, see our <a href="/blog/complete-guide-watch-condition-grading">complete guide to watch condition grading</a>.</p>

<h2>Box and Papers</h2>

<p>For modern Patek Philippe and Audemars Piguet watches, the original paperwork is a significant part of the value. A full set normally includes the original box, the certificate of origin or warranty card, the instruction booklet and any tags or hang-tags supplied at purchase. Original purchase receipts and service records from the brand add further confidence. Both brands offer archive extracts for older watches, which confirm details such as production date; these help with vintage pieces but are not a substitute for original papers on a modern watch.</p>

<p>Missing papers do not make a watch unsellable, and authenticity can still be confirmed by an experienced specialist. However, with watches at this level, buyers are cautious, and a complete set tends to sell faster and with fewer questions. Our team checks every watch carefully, whether or not it comes with documentation.</p>

<h2>Servicing and Ownership Costs</h2>

<p>Long-term ownership has running costs that are easy to forget when you are looking only at purchase and sale prices. Both brands recommend periodic servicing, and a full service from either manufacturer is a significant expense, especially for chronographs and complicated watches. Service costs vary with the model, the movement and the condition of the watch, and parts such as bracelets, crystals or dials can add to the bill.</p>

<p>Things to consider:</p>

<ul>
<li><strong>Manufacturer servicing</strong> is generally preferred by buyers, because it keeps the watch original and typically comes with a service warranty and paperwork. Independent servicing can be excellent, but it may not carry the same weight when you sell.</li>
<li><strong>Turnaround times</strong> for manufacturer servicing can be long, as watches may need to be sent overseas. Plan ahead if you expect to sell.</li>
<li><strong>Polishing during service</strong> is often offered by default. For sports models where sharp finishing matters, many owners ask for minimal or no polishing. Discuss this before work begins.</li>
</ul>

<p>Insurance is a further ongoing cost for high-value watches. Either way, a documented service history is an asset when it comes time to sell.</p>

<h2>Risks to Keep in Mind</h2>

<p>Treating a luxury watch as an investment carries risks that are quite different from shares or property.</p>

<h3>Market cycles</h3>

<p>The pre-owned market for steel sports watches rose very sharply in 2021 and early 2022, then cooled noticeably. Anyone who bought at the peak expecting continuous gains learned that watch prices are driven by sentiment, supply and broader economic conditions. Prices for the most desirable references have generally remained well supported, but they can still move significantly over a year or two.</p>

<h3>Brand decisions</h3>

<p>Manufacturers can change their catalogues at any time. Discontinuing a reference can increase interest in it, as happened with the 5711 and the 15202, but changes to production volumes, distribution or retail pricing all feed through to the secondary market too.</p>

<h3>Counterfeits and altered watches</h3>

<p>Because these watches are so valuable, they are widely counterfeited, and high-quality fakes are increasingly convincing. There are also genuine watches with non-original parts, aftermarket dials or modified cases. Buying or selling without proper verification is a real risk, which is why reputable buyers examine the movement, case and documentation carefully.</p>

<h3>Costs of holding and selling</h3>

<p>Servicing, insurance and the difference between retail and wholesale prices all reduce any gain. A watch you could sell privately for a certain figure may attract a lower offer from a dealer, who has to account for inspection, servicing, warranty and the time needed to resell it. Any long-term return should be measured after these costs.</p>

<h2>So, Which Is the Better Long-Term Holding?</h2>

<p>There is no universal winner, but there are some useful patterns:</p>

<ol>
<li><strong>Patek Philippe offers breadth.</strong> Its reputation is spread across its catalogue, and collectors value many of its references beyond the Nautilus and Aquanaut. For owners of classic Calatravas or complications, the brand's depth of collector interest is a strength.</li>
<li><strong>Audemars Piguet offers concentrated strength.</strong> The Royal Oak, particularly the Jumbo and the core steel time-and-date models, is one of the most recognisable and liquid luxury watches in the world. Outside the Royal Oak family, demand can be more selective.</li>
<li><strong>Reference beats brand.</strong> A well-kept steel Nautilus or Royal Oak with box and papers will generally behave very differently from a precious-metal or gem-set variant from the same brand. Think about the specific watch, not just the name on the dial.</li>
<li><strong>Condition and completeness are multipliers.</strong> Unpolished cases, original dials and full sets attract the strongest interest from buyers for both brands.</li>
</ol>

<blockquote>A fine watch can hold its value well, but it is not a guaranteed investment. The watches that do best over time tend to be the ones that were bought thoughtfully, looked after carefully and kept complete.</blockquote>

<h2>If You Are Thinking of Selling</h2>

<p>If you own a Patek Philippe or Audemars Piguet and are considering selling, start by gathering everything that came with the watch: the box, certificate or warranty card, booklets, receipts, service papers and any spare links or returned parts. Note the reference number and approximate year of purchase, and be honest about the watch's condition.</p>

<p>It is also worth getting more than one view of the watch's value, and understanding why offers differ. A buyer who inspects the watch in person can usually give a firmer figure than one working only from photos. Our guide on <a href="/blog/how-to-value-your-luxury-watch">how to value your luxury watch</a> explains the process in more detail.</p>

<p>When you are ready, our team can assess your watch and make a clear offer in AUD, with no obligation. You can start on our dedicated pages for selling a <a href="/sell-patek-philippe-watch">Patek Philippe</a> or an <a href="/sell-audemars-piguet-watch">Audemars Piguet</a>.</p>
`,
};
