/**
 * The customer's application, section by section in the spec's order (product: orders.md#order-detail), with its conditional rules.
 */
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { statusLabel } from '../../../../shared/orders';
import { isForeignVisitor } from '../../../../shared/order-warnings';
import { DECLARATION_QUESTIONS, IMMIGRATION_QUESTIONS, PERSONAL_EFFECTS } from '../../../../shared/order-questions';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { CustomerLanguage } from './CustomerLanguage';
import { DetailSection, Field, Fields, Question } from './DetailSection';
import { orDash, phone, PROCESSING_MODE_LABELS, ymd } from './format';

const DECLARATIONS = DECLARATION_QUESTIONS.map((q) => q.field);

export function OrderDetailsSection({ order }: { order: OrderDetail }) {
  return (
    <DetailSection title="Order Details">
      <Fields>
        <Field label="Order ID">{order.order_id}</Field>
        <Field label="Application Email">{order.application_email}</Field>
        <Field label="Processing Mode">
          {PROCESSING_MODE_LABELS[order.processing_mode] ?? order.processing_mode}
          {order.processing_date ? ` (processing date ${order.processing_date})` : ''}
        </Field>
        <Field label="Status">{statusLabel(order.process_status, order.refund_date)}</Field>
        <Field label="Customer Email">{order.email}</Field>
        <Field label="Landing Site">{order.landing_site_name}</Field>
        <Field label="Customer Language">
          <CustomerLanguage key={order.locale} orderId={order.order_id} locale={order.locale} />
        </Field>
        <Field label={`Order Date (${staffZoneHeading()})`}>
          <StaffTime value={order.created_at} seconds underHeading />
        </Field>
        <Field label="Assigned To">{orDash(order.assign_to)}</Field>
        <Field label="Transaction Id">{orDash(order.transaction_id)}</Field>
        <Field label="Merchant Name">{orDash(order.merchant_name)}</Field>
      </Fields>
    </DetailSection>
  );
}

export function ApplicationSections({ order }: { order: OrderDetail }) {
  const foreignVisitor = isForeignVisitor(order);
  const anyDeclarationYes = DECLARATIONS.some((f) => order[f] === 'yes');
  const showPersonalEffects = anyDeclarationYes && order.alcoholic_beverages !== null;
  const showOtherArticles =
    !!order.article_name &&
    (['declaration_four', 'declaration_five', 'declaration_six', 'declaration_eight'] as const).some(
      (f) => order[f] === 'yes',
    );

  return (
    <>
      <DetailSection title="Entry/Return Procedure Category">
        <ul className="od-questions">
          <Question text="Do you have a Japanese passport?" answer={order.has_japanese_passport} />
          <Question
            text="Do you have a re-entry permission (including a special re-entry permission)?"
            answer={order.has_reentry_permission}
          />
        </ul>
      </DetailSection>

      <DetailSection title="Passport details">
        <Fields>
          <Field label="Passport Number">{order.passport_number}</Field>
          <Field label="Surname">{order.surname}</Field>
          <Field label="Given Name">{order.given_name}</Field>
          <Field label="Nationality">{order.nationality}</Field>
          <Field label="Date of Birth">{ymd(order.year_of_dob, order.month_of_dob, order.date_of_dob)}</Field>
          <Field label="Date of Expiry">{ymd(order.year_of_expiry, order.month_of_expiry, order.date_of_expiry)}</Field>
        </Fields>
      </DetailSection>

      <DetailSection title="Basic Information">
        <Fields>
          <Field label="Occupation">{order.occupation}</Field>
          {foreignVisitor ? (
            <>
              <Field label="Country of Residence">{orDash(order.home_address_country_name)}</Field>
              <Field label="City of Residence">{orDash(order.home_address_city_name)}</Field>
            </>
          ) : null}
        </Fields>
      </DetailSection>

      <DetailSection title="Register planned entry/return">
        <Fields>
          <Field label="Arrival Date">
            {ymd(order.year_of_arrival_in_japan, order.month_of_arrival_in_japan, order.date_of_arrival_in_japan)}
          </Field>
          <Field label="Airline">{order.airline_company}</Field>
          <Field label="Flight Number">{order.flight_number}</Field>
          <Field label="Point of Embarkation">{order.point_of_embarkation}</Field>
        </Fields>
      </DetailSection>

      <DetailSection title="Address in Japan">
        <Fields>
          <Field label="Postal Code">{order.postal_code_japan}</Field>
          <Field label="Region">{order.prefecture}</Field>
          {order.prefecture === 'OTHER' ? <Field label="Other District">{orDash(order.other_prefecture)}</Field> : null}
          <Field label="City">{order.city}</Field>
          {order.city === 'OTHER' ? <Field label="Other City">{orDash(order.other_city)}</Field> : null}
          <Field label="Address">{order.address}</Field>
          <Field label="Hotel Name">{order.hotel_name}</Field>
          <Field label="Phone">{phone(order.personal_phone_code, order.personal_telephone_number)}</Field>
        </Fields>
      </DetailSection>

      {foreignVisitor ? (
        <DetailSection title="Immigration clearance and Customs declaration">
          <Fields>
            <Field label="Purpose of Visit">{orDash(order.purpose_of_visit)}</Field>
            {order.purpose_of_visit === 'Others' ? (
              <Field label="Specific Purpose">{orDash(order.specific_purpose_for_visit)}</Field>
            ) : null}
            <Field label="Duration of Stay">{orDash(order.duration_of_stay)}</Field>
          </Fields>
          <ul className="od-questions mt-3">
            {IMMIGRATION_QUESTIONS.map((q) => (
              <Question key={q.field} text={q.text} answer={order[q.field]} />
            ))}
          </ul>
        </DetailSection>
      ) : null}

      <DetailSection title="Declaration of accompanied and unaccompanied articles">
        <ul className="od-questions">
          {DECLARATION_QUESTIONS.map((q, i) => (
            <Question key={q.field} text={`${i + 1}. ${q.text}`} answer={order[q.field]}>
              {q.field === 'declaration_eight' && order.declaration_eight === 'yes' ? (
                <div className="od-question-extra">
                  Quantity of unaccompanied articles: {orDash(order.quantity_of_unaccompanied_articles)}
                </div>
              ) : null}
            </Question>
          ))}
        </ul>
      </DetailSection>

      {showPersonalEffects ? (
        <DetailSection title="Personal Effects">
          <Fields>
            {PERSONAL_EFFECTS.map((e) => (
              <Field key={e.field} label={`${e.label} (${e.unit})`}>
                {orDash(order[e.field])}
              </Field>
            ))}
          </Fields>
        </DetailSection>
      ) : null}

      {showOtherArticles ? (
        <DetailSection title="Personal effects other article names">
          <Fields>
            <Field label="Article Name">{order.article_name}</Field>
            <Field label="Quantity">{orDash(order.quantity)}</Field>
            <Field label="Unit">{orDash(order.unit)}</Field>
            <Field label="Market Value">{orDash(order.market_value)}</Field>
            <Field label="Currency">{orDash(order.currency)}</Field>
          </Fields>
        </DetailSection>
      ) : null}
    </>
  );
}
