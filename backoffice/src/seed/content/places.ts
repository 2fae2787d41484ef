/**
 * Geography written for this project: approximate centroids of the UK postcode areas and of the towns our
 * demo stockists sit in. Figures are rounded (about 1–5 km); district and full-postcode precision comes from
 * an import of ONSPD-style data at run time (see modules/store-locator/import.ts).
 */

/** `AREA lat lng`, one per postcode area (121 areas of Great Britain and Northern Ireland, plus GY, JE, IM). */
const areaTable = `
AB 57.15 -2.20|AL 51.76 -0.30|B 52.48 -1.89|BA 51.30 -2.45|BB 53.78 -2.35|BD 53.82 -1.85|BH 50.75 -1.90
BL 53.59 -2.41|BN 50.87 -0.20|BR 51.38 0.04|BS 51.46 -2.60|BT 54.60 -6.20|CA 54.75 -3.00|CB 52.20 0.20
CF 51.53 -3.25|CH 53.25 -2.95|CM 51.75 0.40|CO 51.90 0.90|CR 51.36 -0.10|CT 51.28 1.20|CV 52.40 -1.55
CW 53.15 -2.45|DA 51.43 0.25|DD 56.50 -2.90|DE 52.95 -1.55|DG 55.10 -3.80|DH 54.80 -1.60|DL 54.45 -1.65
DN 53.55 -0.95|DT 50.70 -2.45|DY 52.45 -2.15|E 51.54 -0.03|EC 51.52 -0.10|EH 55.90 -3.20|EN 51.68 -0.10
EX 50.75 -3.60|FK 56.05 -3.85|FY 53.85 -2.98|G 55.86 -4.25|GL 51.80 -2.20|GU 51.25 -0.70|HA 51.58 -0.35
HD 53.63 -1.80|HG 54.00 -1.55|HP 51.75 -0.65|HR 52.08 -2.75|HS 57.80 -7.00|HU 53.77 -0.40|HX 53.72 -1.90
IG 51.58 0.08|IP 52.20 1.10|IV 57.50 -4.50|KA 55.55 -4.55|KT 51.37 -0.30|KW 58.70 -3.20|KY 56.15 -3.10
L 53.42 -2.92|LA 54.20 -2.75|LD 52.25 -3.40|LE 52.65 -1.10|LL 53.05 -3.80|LN 53.25 -0.40|LS 53.82 -1.55
LU 51.88 -0.45|M 53.47 -2.25|ME 51.33 0.60|MK 52.05 -0.75|ML 55.75 -3.90|N 51.58 -0.10|NE 55.00 -1.65
NG 53.00 -1.10|NN 52.30 -0.85|NP 51.65 -3.00|NR 52.65 1.30|NW 51.55 -0.20|OL 53.57 -2.10|OX 51.75 -1.30
PA 56.00 -5.20|PE 52.65 -0.10|PH 56.70 -3.80|PL 50.45 -4.35|PO 50.82 -1.10|PR 53.75 -2.75|RG 51.40 -1.05
RH 51.15 -0.20|RM 51.55 0.20|S 53.38 -1.45|SA 51.75 -4.20|SE 51.46 -0.05|SG 51.93 -0.15|SK 53.35 -2.05
SL 51.50 -0.65|SM 51.36 -0.18|SN 51.55 -1.85|SO 50.95 -1.35|SP 51.10 -1.80|SR 54.87 -1.40|SS 51.57 0.65
ST 52.95 -2.10|SW 51.46 -0.17|SY 52.60 -3.00|TA 51.05 -3.05|TD 55.60 -2.60|TF 52.70 -2.45|TN 51.10 0.40
TQ 50.45 -3.65|TR 50.20 -5.20|TS 54.60 -1.25|TW 51.45 -0.38|UB 51.53 -0.43|W 51.51 -0.22|WA 53.38 -2.55
WC 51.52 -0.12|WD 51.67 -0.40|WF 53.68 -1.45|WN 53.55 -2.65|WR 52.20 -2.20|WS 52.62 -1.95|WV 52.60 -2.15
YO 54.00 -0.90|ZE 60.30 -1.25|GY 49.45 -2.58|JE 49.21 -2.13|IM 54.23 -4.53`;

export const postcodeAreas = areaTable
  .split(/[|\n]/)
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [code, lat, lng] = entry.split(' ');
    return { code: code ?? '', latitude: Number(lat), longitude: Number(lng) };
  });

/** `Town|lat|lng|district`: the towns of the demo stockists, with the postcode district of their centre. */
const townTable = `
London|51.5074|-0.1278|WC2|Croydon|51.3762|-0.0982|CR0|Manchester|53.4808|-2.2426|M1|Salford|53.4875|-2.2901|M5
Stockport|53.4106|-2.1575|SK1|Bolton|53.5769|-2.4282|BL1|Preston|53.7632|-2.7031|PR1|Blackpool|53.8175|-3.0357|FY1
Liverpool|53.4084|-2.9916|L1|Chester|53.1934|-2.8931|CH1|Leeds|53.8008|-1.5491|LS1|Bradford|53.7960|-1.7594|BD1
Sheffield|53.3811|-1.4701|S1|York|53.9600|-1.0873|YO1|Hull|53.7676|-0.3274|HU1|Newcastle upon Tyne|54.9783|-1.6178|NE1
Sunderland|54.9069|-1.3838|SR1|Middlesbrough|54.5742|-1.2350|TS1|Durham|54.7761|-1.5733|DH1|Carlisle|54.8925|-2.9329|CA1
Lancaster|54.0466|-2.8007|LA1|Birmingham|52.4862|-1.8904|B1|Coventry|52.4068|-1.5197|CV1|Wolverhampton|52.5870|-2.1288|WV1
Stoke-on-Trent|53.0027|-2.1794|ST1|Leicester|52.6369|-1.1398|LE1|Nottingham|52.9548|-1.1581|NG1|Derby|52.9225|-1.4746|DE1
Lincoln|53.2307|-0.5406|LN1|Northampton|52.2405|-0.9027|NN1|Milton Keynes|52.0406|-0.7594|MK9|Oxford|51.7520|-1.2577|OX1
Cambridge|52.2053|0.1218|CB1|Norwich|52.6309|1.2974|NR1|Ipswich|52.0567|1.1482|IP1|Colchester|51.8959|0.8919|CO1
Chelmsford|51.7356|0.4685|CM1|Luton|51.8787|-0.4200|LU1|Reading|51.4543|-0.9781|RG1|Guildford|51.2362|-0.5704|GU1
Brighton|50.8225|-0.1372|BN1|Maidstone|51.2704|0.5227|ME14|Canterbury|51.2802|1.0789|CT1|Southampton|50.9097|-1.4044|SO14
Portsmouth|50.8198|-1.0880|PO1|Bournemouth|50.7192|-1.8808|BH1|Salisbury|51.0688|-1.7945|SP1|Bristol|51.4545|-2.5879|BS1
Bath|51.3811|-2.3590|BA1|Gloucester|51.8642|-2.2382|GL1|Swindon|51.5558|-1.7797|SN1|Exeter|50.7184|-3.5339|EX1
Plymouth|50.3755|-4.1427|PL1|Truro|50.2632|-5.0510|TR1|Taunton|51.0150|-3.1029|TA1|Cardiff|51.4816|-3.1791|CF10
Swansea|51.6214|-3.9436|SA1|Newport|51.5842|-2.9977|NP20|Wrexham|53.0462|-2.9930|LL11|Aberystwyth|52.4153|-4.0829|SY23
Glasgow|55.8642|-4.2518|G1|Edinburgh|55.9533|-3.1883|EH1|Aberdeen|57.1497|-2.0943|AB10|Dundee|56.4620|-2.9707|DD1
Inverness|57.4778|-4.2247|IV1|Stirling|56.1165|-3.9369|FK8|Perth|56.3950|-3.4308|PH1|Dumfries|55.0709|-3.6051|DG1
Belfast|54.5973|-5.9301|BT1|Derry|54.9966|-7.3086|BT48`;

const townFields = townTable
  .replace(/\n/g, '|')
  .split('|')
  .map((f) => f.trim())
  .filter(Boolean);

export const towns = Array.from({ length: townFields.length / 4 }, (_, i) => ({
  name: townFields[i * 4] ?? '',
  latitude: Number(townFields[i * 4 + 1]),
  longitude: Number(townFields[i * 4 + 2]),
  district: townFields[i * 4 + 3] ?? '',
}));
