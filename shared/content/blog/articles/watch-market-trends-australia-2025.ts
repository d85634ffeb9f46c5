import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'watch-market-trends-australia-2025',
  title: "Australia's Pre-Owned Luxury Watch Market in 2025: Key Trends for Sellers",
  excerpt:
    'From the cooling of grey-market premiums to certified pre-owned programs and the rise of independents, here is what is shaping the Australian pre-owned watch market in 2025.',
  author: 'James Whitfield',
  publishedAt: '2025-05-13',
  category: 'Market Trends',
  html: `
<p>The pre-owned luxury watch market has been through a remarkable few years. After an extraordinary surge in 2021 and early 2022, prices for many of the most hyped models eased back, and the market spent much of the following period finding a new balance. In 2025, the picture is more settled, more selective and, for well-prepared sellers, still full of opportunity.</p>

<p>This article looks at the main trends shaping the market for Australian sellers this year. We have deliberately kept it qualitative. Watch prices differ by reference, condition, completeness and timing, and broad percentage figures rarely tell you much about what your own watch is worth. What the trends can do is help you understand why offers look the way they do, and how to approach a sale sensibly.</p>

<h2>The Backdrop: From Boom to Balance</h2>

<p>To understand 2025, it helps to remember how we got here. During 2020 and 2021, several forces pushed demand for luxury watches to unusual heights. Many people had more disposable income and fewer ways to spend it, interest in alternative assets grew, and social media turned a handful of steel sports watches into status symbols. At the same time, supply at authorised retailers was tight, so waiting lists for popular models grew very long.</p>

<p>The result was a grey market in which certain models changed hands well above their official retail prices. Steel Rolex professional models, the Patek Philippe Nautilus and Aquanaut, and the Audemars Piguet Royal Oak were at the centre of it. Some buyers were purchasing watches not to wear, but in the expectation of reselling them at a profit.</p>

<p>From around the middle of 2022, that momentum faded. Rising interest rates, cooler speculative markets and more cautious consumers all played a part. Prices on the secondary market for many hyped references came down from their peaks, and the premiums over retail narrowed considerably. For some models they closed entirely.</p>

<h2>Trend 1: Grey-Market Premiums Have Normalised</h2>

<p>The most important change for sellers is that the era of enormous premiums over retail has passed for most watches. Some highly sought-after references still trade above their Australian retail price, particularly those with genuine scarcity, but many popular models now sell on the pre-owned market at or below what they cost new.</p>

<p>For sellers, this has a few practical consequences:</p>

<ul>
<li><strong>Expectations need resetting.</strong> A price you saw quoted in 2022 is unlikely to be a reliable guide today. Valuations should be based on current sales, not memories of the peak.</li>
<li><strong>Differences between references matter more.</strong> In a rising market, almost everything went up. In a balanced market, buyers are more discerning, and the gap between the most desirable references and the rest has widened.</li>
<li><strong>Condition and completeness matter more.</strong> When buyers have more choice, they pay for the best examples and negotiate harder on the rest.</li>
</ul>

<p>This is not a collapse. The underlying demand for quality Swiss watches in Australia remains healthy. It is simply a market where the watch, rather than the hype, sets the price.</p>

<h2>Trend 2: Retail Price Increases and Precious Metals</h2>

<p>Major brands have continued to raise their official retail prices, typically adjusting them at least annually. Because Swiss watches are priced internationally, movements in the Australian dollar against the Swiss franc, the euro and the US dollar also influence local retail pricing.</p>

<p>Precious metals have been a notable factor. The price of gold has reached record highs over the past year, and brands have generally increased prices on gold and platinum models accordingly. This has two effects on the pre-owned market:</p>

<ol>
<li>As new precious-metal watches become more expensive, some buyers look to the pre-owned market for better value, which can support demand for second-hand gold models.</li>
<li>The intrinsic metal content of a solid gold watch gives it a kind of floor in value, although for a quality watch the brand, model and condition nearly always matter far more than the weight of the gold.</li>
</ol>

<p>Rising retail prices also narrow the gap between new and pre-owned. When a new watch costs more each year, a well-kept pre-owned example of the same reference becomes relatively more attractive, which helps sellers of current or recently discontinued models.</p>

<h2>Trend 3: Certified Pre-Owned Programs</h2>

<p>One of the most significant structural changes in recent years has been the arrival of manufacturer-backed certified pre-owned programs. Rolex launched its Certified Pre-Owned program in late 2022, selling second-hand Rolex watches through selected official retailers with a Rolex-backed warranty. Other brands and watch groups have also developed their own approaches to pre-owned sales, including some selling pre-owned pieces through their own boutiques.</p>

<p>These programs matter for private sellers in a few ways:</p>

<ul>
<li><strong>They legitimise the pre-owned market.</strong> Buyers who might once have been nervous about second-hand watches are more comfortable with them when the brand itself is involved. That broadens the pool of potential buyers for pre-owned watches generally.</li>
<li><strong>They set a reference point.</strong> Certified pre-owned watches are usually priced towards the top of the pre-owned market, reflecting the warranty and the retail experience. Buyers increasingly compare uncertified watches against them.</li>
<li><strong>They reward originality.</strong> Certification generally requires genuine, factory-correct parts. This reinforces the value of watches with original dials, hands and bracelets, and makes heavily modified watches less appealing.</li>
</ul>

<p>It is important to understand that certified pre-owned pricing is a retail price. The amount paid to the original seller of that watch is considerably lower, because the retailer must cover inspection, servicing, warranty, overheads and margin. The same logic applies to any dealer, and it is one reason why offers for your watch will sit below retail listings.</p>

<h2>Trend 4: Steel Sports Models Remain the Core of Demand</h2>

<p>Despite the cooling, steel sports watches remain the backbone of the pre-owned market in Australia. Models such as the Rolex Submariner, GMT-Master II, Daytona, Explorer and Sea-Dweller, the Omega Speedmaster and Seamaster, the Patek Philippe Nautilus and Aquanaut, the Audemars Piguet Royal Oak and a range of Tudor and Cartier models continue to attract steady interest.</p>

<p>There are good reasons for this. Steel sports watches are versatile, durable and suit the Australian lifestyle, from the office to the beach. They are widely recognised, which means there is a large pool of buyers, and that in turn makes them relatively liquid. Even in a quieter market, a well-kept steel Rolex sports model with its box and papers is one of the easiest luxury watches to sell.</p>

<p>Within this category, buyers are becoming more selective about specific references, dial variations and production periods. Discontinued references, particular dial colours and models with links to the original designs often attract more interest than the most common variants. If you own a Rolex, our <a href="/blog/complete-guide-selling-rolex-australia">complete guide to selling a Rolex in Australia</a> explains what buyers look for in more detail.</p>

<h2>Trend 5: Smaller Sizes and Classic Proportions</h2>

<p>For much of the 2000s and 2010s, larger cases were fashionable. In recent years, taste has shifted towards more classic proportions, with many buyers favouring case diameters in the mid-to-high thirties and thinner profiles. Brands have responded with new smaller models and revived designs.</p>

<p>This is good news for owners of older or mid-sized watches that may once have seemed unfashionable. Dress watches, time-only models and smaller sports watches are attracting renewed attention, particularly from younger buyers who value comfort and understated style.</p>

<h2>Trend 6: Vintage and Neo-Vintage</h2>

<p>Vintage watches have always had a devoted following, but interest in the category has broadened. Alongside classic vintage pieces from the 1950s to the 1970s, there is strong interest in "neo-vintage" watches from roughly the 1980s to the early 2000s. These watches often combine modern reliability, such as sapphire crystals and robust automatic movements, with details that feel more traditional: slimmer cases, aluminium bezels, tritium lume and older bracelet designs.</p>

<p>In the vintage and neo-vintage market, originality is everything. Buyers look closely at:</p>

<ul>
<li><strong>Original dials and hands</strong>, including the condition and matching colour of the luminous material.</li>
<li><strong>Unpolished or lightly polished cases</strong>, with sharp lines and original proportions.</li>
<li><strong>Period-correct bezels and bracelets</strong>, as these parts were often replaced during servicing over the years.</li>
<li><strong>Provenance</strong>, including original papers, receipts, service records and any family history attached to the watch.</li>
</ul>

<p>Authentication is especially important with vintage pieces, because many were serviced with replacement parts, and some have been altered to appear more desirable. A specialist will compare every part against what is correct for the reference and production period.</p>

<h2>Trend 7: The Rise of Independent Brands</h2>

<p>Independent watchmakers, whose watches are produced in small numbers by founder-led workshops, have attracted more attention than ever. Names such as F.P. Journe, MB&amp;F, H. Moser &amp; Cie and a number of smaller independents are now discussed alongside the established houses. Collectors are drawn by the craftsmanship, the distinctive designs and the sense of owning something relatively rare.</p>

<p>The independent market behaves differently from the market for mainstream sports watches. Demand for the most sought-after independents can be very strong, but the pool of buyers is smaller and more specialised. Values depend heavily on the specific maker, model and provenance, and pricing can be less transparent. If you own an independent piece, it is worth dealing with buyers who genuinely understand the brand.</p>

<h2>Trend 8: Buyers Expect Transparency and Verification</h2>

<p>Counterfeits have become more sophisticated, and buyers know it. As a result, both private buyers and dealers place more emphasis on verification than ever before. Sellers should expect their watch to be examined carefully, including the movement, serial and reference numbers, and the consistency of the paperwork.</p>

<p>Australian second-hand dealer laws also mean that legitimate buyers will ask sellers for identification and keep records of the transaction. This is normal and is a sign you are dealing with a properly run business. If a buyer does not ask for identification, that in itself is a reason for caution.</p>

<p>Service history is also more important. Buyers like to know when a watch was last serviced and by whom, because a recent service by the manufacturer or a reputable watchmaker reduces the cost and risk of ownership. Keep every service receipt and any papers returned with the watch.</p>

<h2>What These Trends Mean for Australian Sellers</h2>

<p>Bringing these threads together, here is how we would approach selling a luxury watch in 2025.</p>

<h3>Base your expectations on current sold prices</h3>

<p>Online listings show what sellers hope to achieve, not what watches actually sell for. Dealer listings also include margin, warranty and servicing. The most realistic guide is recent completed sales for the same reference in similar condition, adjusted for the differences between a retail sale and a sale to a buyer. Our guide on <a href="/blog/how-to-value-your-luxury-watch">how to value your luxury watch</a> walks through this step by step.</p>

<h3>Present the watch as completely as possible</h3>

<p>Gather the box, papers, warranty card, booklets, receipts, service records, spare links and any original parts returned during servicing. In a market where buyers are selective, a complete set can make a real difference to both the offer and the speed of sale.</p>

<h3>Do not polish or service just to sell</h3>

<p>It is tempting to have a watch polished before selling it, but polishing removes metal and can soften the original lines of the case. Many buyers prefer an honest, unpolished watch with normal wear. Likewise, a full service before sale does not always add as much value as it costs. It is usually better to let the buyer assess the watch as it is and factor any work into the offer.</p>

<h3>Be realistic about condition</h3>

<p>An accurate description of condition makes the process faster and avoids disappointment when the watch is inspected. Our <a href="/blog/complete-guide-watch-condition-grading">guide to watch condition grading</a> explains how buyers assess wear, and which issues have the biggest impact on value.</p>

<h3>Think about timing, but do not try to time the market perfectly</h3>

<p>Nobody can reliably predict short-term movements in watch prices. Currency fluctuations, brand announcements, retail price changes and global economic news all have an effect. If you have decided to sell, a fair offer today is often better than waiting in the hope of a rebound that may not come. If you are not sure, there is no harm in getting a valuation and deciding later.</p>

<h3>Choose a buyer you can trust</h3>

<p>The options for selling include private sale, consignment, auction and selling directly to a specialist buyer. Each has trade-offs in price, speed, cost and risk. A direct sale to a reputable specialist is usually the fastest and safest route, with payment in AUD and no need to deal with strangers, listings or fees.</p>

<h2>Looking Ahead</h2>

<p>The pre-owned luxury watch market in Australia in 2025 is healthier than the headlines sometimes suggest. The speculative froth has largely gone, but genuine demand remains. Buyers are looking for good watches, honestly described and properly verified, and they are willing to pay fairly for them. For sellers, that means the best results go to those who understand their watch, keep it complete and choose their buyer carefully.</p>

<p>If you are considering selling, our team would be happy to give you a clear, no-obligation valuation based on current market conditions. You can start the process on our <a href="/sell">sell your watch</a> page.</p>
`,
};
